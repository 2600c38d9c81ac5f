package dev.forkline.trace.store;

import dev.forkline.trace.decision.PublicKeyFile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/** The {@code trusted_owner_keys} table: the owner keys a team store trusts. */
final class OwnerKeyRows {

    private OwnerKeyRows() {
    }

    /** @return false when the key was trusted for its owner already (nothing changes) */
    static boolean add(Connection connection, PublicKeyFile key, String addedBy, Instant now) throws SQLException, StoreException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM trusted_owner_keys WHERE owner = ? AND fingerprint = ?")) {
            query.setString(1, key.owner());
            query.setString(2, key.fingerprint());
            try (ResultSet row = query.executeQuery()) {
                if (row.next()) {
                    return false;
                }
            }
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO trusted_owner_keys (owner, fingerprint, public_key,"
                + " added_by, added_at) VALUES (?, ?, ?, ?, ?)")) {
            insert.setString(1, key.owner());
            insert.setString(2, key.fingerprint());
            insert.setString(3, key.toText());
            insert.setString(4, addedBy);
            insert.setObject(5, TraceRows.utc(now));
            insert.executeUpdate();
        } catch (SQLException e) {
            if (DecisionRecords.INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                throw new StoreRefusedException("the team store refused to trust " + key.owner() + "'s key: only its administrator (the"
                        + " owner of Forkline's tables) may add trusted owner keys; nothing was stored", e);
            }
            throw e;
        }
        return true;
    }

    static List<TrustedOwnerKey> list(Connection connection) throws SQLException, StoreException {
        List<TrustedOwnerKey> keys = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT owner, fingerprint, public_key, added_by, added_at"
                + " FROM trusted_owner_keys ORDER BY owner, added_at, fingerprint");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                String where = "trusted_owner_keys row of " + rows.getString(1) + " " + rows.getString(2);
                PublicKeyFile key;
                try {
                    key = PublicKeyFile.parse(rows.getString(3), where, rows.getString(1));
                } catch (IllegalArgumentException e) {
                    throw new StoreException("the team store holds a damaged trusted key: " + e.getMessage(), e);
                }
                if (!key.owner().equals(rows.getString(1)) || !key.fingerprint().equals(rows.getString(2))) {
                    throw new StoreException("the team store's " + where + " holds the key " + key.fingerprint() + " of "
                            + key.owner() + ": it is not trusted");
                }
                keys.add(new TrustedOwnerKey(key, rows.getString(4), rows.getObject(5, OffsetDateTime.class).toInstant()));
            }
        }
        return keys;
    }
}
