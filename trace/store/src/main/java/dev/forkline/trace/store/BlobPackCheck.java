package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blob part of {@link IntegrityCheck}: reads every pack and checks that its entries add up to its content and that
 * each blob in it hashes to its name.
 */
final class BlobPackCheck {

    private BlobPackCheck() {
    }

    /** @return the hashes of the blobs that packs hold, whole or not */
    static Set<String> run(Connection connection, List<String> problems) throws SQLException {
        Set<String> stored = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT pack_id, entries, content FROM blob_packs ORDER BY pack_id");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                long packId = rows.getLong(1);
                byte[] content = rows.getBytes(3);
                Map<String, BlobPacks.Location> entries;
                try {
                    entries = BlobPacks.entries(packId, rows.getBytes(2), content.length);
                } catch (StoreException e) {
                    problems.add(e.getMessage());
                    continue;
                }
                for (Map.Entry<String, BlobPacks.Location> entry : entries.entrySet()) {
                    stored.add(entry.getKey());
                    MessageDigest sha256 = Hashes.digest();
                    sha256.update(content, (int) entry.getValue().offset(), (int) entry.getValue().size());
                    String actual = Hashes.name(sha256);
                    if (!actual.equals(entry.getKey())) {
                        problems.add("blob is damaged: " + entry.getKey() + " hashes to " + actual);
                    }
                }
            }
        }
        return stored;
    }
}
