package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import java.io.IOException;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The blob part of {@link IntegrityCheck}: reads every pack once and checks each blob said to be in it: that it lies
 * within the pack and that its bytes hash to its name.
 */
final class BlobPackCheck {

    private record Entry(String hash, BlobPacks.Location location) {
    }

    private BlobPackCheck() {
    }

    /** @return the hashes of the stored blobs, whole or not */
    static Set<String> run(Connection connection, List<String> problems) throws SQLException {
        Set<String> stored = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT hash, pack_id, pack_offset, size FROM packed_blobs"
                + " ORDER BY pack_id, pack_offset");
             PreparedStatement packQuery = connection.prepareStatement("SELECT content FROM blob_packs WHERE pack_id = ?");
             ResultSet rows = query.executeQuery()) {
            List<Entry> pack = new ArrayList<>();
            while (rows.next()) {
                Entry entry = new Entry(rows.getString(1), new BlobPacks.Location(rows.getLong(2), rows.getLong(3), rows.getLong(4)));
                stored.add(entry.hash());
                if (!pack.isEmpty() && pack.getFirst().location().packId() != entry.location().packId()) {
                    checkPack(packQuery, pack, problems);
                    pack.clear();
                }
                pack.add(entry);
            }
            if (!pack.isEmpty()) {
                checkPack(packQuery, pack, problems);
            }
        }
        return stored;
    }

    private static void checkPack(PreparedStatement packQuery, List<Entry> entries, List<String> problems) throws SQLException {
        long packId = entries.getFirst().location().packId();
        byte[] content;
        packQuery.setLong(1, packId);
        try (ResultSet rows = packQuery.executeQuery()) {
            content = rows.next() ? rows.getBytes(1) : null;
        }
        for (Entry entry : entries) {
            if (content == null) {
                problems.add("blob is missing: " + entry.hash() + " (its pack " + packId + " is not stored)");
                continue;
            }
            try {
                BlobPacks.checkWithin(entry.hash(), entry.location(), content.length);
            } catch (IOException e) {
                problems.add(e.getMessage());
                continue;
            }
            MessageDigest sha256 = Hashes.digest();
            sha256.update(content, (int) entry.location().offset(), (int) entry.location().size());
            String actual = Hashes.name(sha256);
            if (!actual.equals(entry.hash())) {
                problems.add("blob is damaged: " + entry.hash() + " hashes to " + actual);
            }
        }
    }
}
