package dev.forkline.trace.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.h2.engine.MetaRecord;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.db.ValueDataType;
import org.h2.mvstore.tx.Transaction;
import org.h2.mvstore.tx.TransactionMap;
import org.h2.mvstore.tx.TransactionStore;
import org.h2.result.SearchRow;

/**
 * Reads the schema statements an H2 file holds WITHOUT opening it as a database. Opening runs them: a trigger's Java
 * source is compiled and its {@code init} called during the open itself, before any query could look at
 * INFORMATION_SCHEMA. So an existing file is inspected here first, at the storage level (the way H2's Recover tool
 * reads it), and nothing in it is executed.
 */
final class StoredDefinitions {

    /** One schema object as H2 stores it: its kind (H2's DbObject type number) and the SQL that re-creates it. */
    record Definition(int objectType, String sql) {
    }

    // org.h2.engine.DbObject type numbers (that interface is internal; the numbers are part of H2's file format).
    static final int TABLE_OR_VIEW = 0;
    static final int INDEX = 1;
    static final int USER = 2;
    static final int SEQUENCE = 3;
    static final int TRIGGER = 4;
    static final int CONSTRAINT = 5;
    static final int SETTING = 6;
    static final int ROLE = 7;
    static final int RIGHT = 8;
    static final int FUNCTION_ALIAS = 9;
    static final int SCHEMA = 10;
    static final int CONSTANT = 11;
    static final int DOMAIN = 12;
    static final int COMMENT = 13;
    static final int AGGREGATE = 14;
    static final int SYNONYM = 15;

    private static final String META_MAP = "table.0";

    private StoredDefinitions() {
    }

    /** The file is open in another process, which locks it even against reading; see {@link UntrustedDatabaseCheck#beforeOpen}. */
    static final class InUse extends Exception {
        InUse(MVStoreException cause) {
            super(cause.getMessage(), cause);
        }
    }

    static List<Definition> read(Path dataFile) throws StoreException, InUse {
        MVStore store;
        try {
            store = new MVStore.Builder().fileName(dataFile.toString()).readOnly().open();
        } catch (MVStoreException e) {
            if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
                throw new InUse(e);
            }
            throw new StoreException("cannot read the database file " + dataFile + " (not an H2 database?): " + e.getMessage(), e);
        }
        try {
            TransactionStore transactions = new TransactionStore(store, new ValueDataType());
            transactions.init();
            Transaction transaction = transactions.begin();
            TransactionMap<Object, Object> meta = transaction.openMap(META_MAP);
            List<Definition> definitions = new ArrayList<>();
            for (var keys = meta.keyIterator(null); keys.hasNext(); ) {
                Object row = meta.get(keys.next());
                if (!(row instanceof SearchRow searchRow)) {
                    throw new UntrustedDatabaseException("the database file " + dataFile + " has a malformed schema table");
                }
                MetaRecord record = new MetaRecord(searchRow);
                definitions.add(new Definition(record.getObjectType(), record.getSQL()));
            }
            return definitions;
        } catch (MVStoreException | ClassCastException | IllegalStateException e) {
            throw new UntrustedDatabaseException("the database file " + dataFile + " cannot be inspected: " + e.getMessage());
        } finally {
            try {
                store.close();
            } catch (MVStoreException e) {
                // read-only: nothing to lose
            }
        }
    }
}
