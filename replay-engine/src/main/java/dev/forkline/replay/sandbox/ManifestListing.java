package dev.forkline.replay.sandbox;

import dev.forkline.trace.Hashes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The workspace listing run inside a sandbox (by its init at start, then by an exec) and its parser.
 *
 * <p>The script takes {@code <workspace> [mode] [since] [content limit]}. Its output is NUL-terminated fields, four to a
 * record, so any file name survives. It first tells the mode it listed in ({@code T time mode -}), detected when none is
 * given: {@code gnu} where the image has GNU {@code find -printf}, {@code sha256sum --zero}, {@code sed -z} and
 * {@code date +%N} (a few processes for the whole tree), else {@code loop} (busybox: a loop that starts four processes
 * per file). Records:
 * <ul>
 *   <li>gnu: {@code f path mode:size:inode:ctime -} and {@code l path mode:size:inode:ctime target} for every file and
 *       link, then {@code S sha path -} for the files hashed: all of them, or with {@code since} only those whose status
 *       changed after it ({@code find -newerct}). With {@code since} and a content limit above 0 a record
 *       {@code A - - -} follows, then a tar of those same files below the limit, to the end of the output;</li>
 *   <li>loop: {@code F path mode:size sha} and {@code L path mode target}, every file hashed; an unreadable file hashes
 *       to {@code -}.</li>
 * </ul>
 * In a listing {@code since} an earlier one, a file without its {@code S} record whose status changed after
 * {@code since} was hashed and could not be read (no hash, as in a full listing); one whose status is older is taken
 * from the earlier listing only when its inode and status change time are the same as then (its content cannot have
 * changed without them changing: the sandbox cannot set the clock); otherwise the listing is incomplete and is read
 * again in full.
 */
public final class ManifestListing {

    public static final String GNU = "gnu";
    public static final String LOOP = "loop";

    public static final String SCRIPT = """
            cd "$1" || exit 3
            mode=$2
            if [ -z "$mode" ]; then
              mode=loop
              if find . -maxdepth 0 -printf '' 2>/dev/null && printf '' | sha256sum --zero >/dev/null 2>&1 \\
                  && printf '' | sed -z '' >/dev/null 2>&1; then
                case "$(date +%N)" in *N*|'') ;; *) mode=gnu ;; esac
              fi
            fi
            if [ "$mode" = gnu ]; then
              printf 'T\\0%s\\0gnu\\0-\\0' "$(date +%s.%N)"
              find . -mindepth 1 \\( -type f -o -type l \\) -printf '%y\\0%p\\0%m:%s:%i:%C@\\0%l\\0'
              find . -mindepth 1 -type f ${3:+-newerct @$3} -print0 | xargs -0 -r sha256sum --zero 2>/dev/null \\
                | sed -z 's/^\\([0-9a-f]\\{64\\}\\)  /S\\x00\\1\\x00/;s/$/\\x00-/'
              if [ -n "$3" ] && [ "${4:-0}" -gt 0 ]; then
                printf 'A\\0-\\0-\\0-\\0'
                find . -mindepth 1 -type f -newerct "@$3" -size "-$4c" -print0 | tar --null --no-recursion -T - -cf - 2>/dev/null
              fi
              exit 0
            fi
            printf 'T\\0-\\0loop\\0-\\0'
            find . -mindepth 1 \\( -type f -o -type l \\) -print0 | xargs -0 -r sh -c '
            for f do
              if [ -L "$f" ]; then
                printf "L\\0%s\\0%s\\0%s\\0" "$f" "$(stat -c %a "$f")" "$(readlink "$f")"
              else
                h=$(sha256sum < "$f" 2>/dev/null) || h=-
                printf "F\\0%s\\0%s\\0%s\\0" "$f" "$(stat -c %a:%s "$f")" "${h%% *}"
              fi
            done' sh
            """;

    /**
     * A parsed listing.
     *
     * @param manifest   the workspace
     * @param mode       {@link #GNU} or {@link #LOOP}; null for output without a mode record (an older init)
     * @param time       the container's clock as the listing began ({@code seconds.nanos}), null in loop mode
     * @param signatures path to {@code inode:ctime} of every file and link (gnu mode)
     * @param contents   regular files the listing sent whole, each checked against its hash in the manifest
     * @param complete   false when a file is listed without a hash and without the same signature as in the earlier listing
     */
    public record Parsed(WorkspaceManifest manifest, String mode, String time, Map<String, String> signatures,
                  Map<String, byte[]> contents, boolean complete) {

        /** The {@code since} argument of the next listing: this one's start, less a second for the coarse file clock. */
        public String nextSince() {
            if (time == null) {
                return null;
            }
            try {
                return new BigDecimal(time).subtract(BigDecimal.ONE).max(BigDecimal.ZERO).toPlainString();
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private ManifestListing() {
    }

    /** The exec's arguments after {@code sh -c SCRIPT}: the script's {@code $0} to {@code $4}. */
    public static List<String> arguments(String workspace, String mode, String since, int contentLimit) {
        return List.of("sh", workspace, mode == null ? "" : mode, since == null ? "" : since, Integer.toString(contentLimit));
    }

    /**
     * Parses a listing's output.
     *
     * @param previous the listing {@code since} was taken from, or null when this one hashed every file
     */
    public static Parsed parse(byte[] listing, Parsed previous) {
        return parse(listing, previous, previous == null ? null : previous.nextSince());
    }

    /**
     * Parses a listing's output.
     *
     * @param previous the listing {@code since} was taken from, or null when this one hashed every file
     * @param since    the {@code since} argument the listing ran with (null with no previous)
     */
    public static Parsed parse(byte[] listing, Parsed previous, String since) {
        List<String> fields = new ArrayList<>();
        int start = 0;
        int contentStart = -1;
        for (int i = 0; i < listing.length; i++) {
            if (listing[i] == 0) {
                fields.add(new String(listing, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
                if (fields.size() % 4 == 0 && fields.get(fields.size() - 4).equals("A")) {
                    contentStart = start;
                    break;
                }
            }
        }
        if (fields.size() % 4 != 0) {
            throw new IllegalStateException("the workspace listing is cut short (" + fields.size() + " fields)");
        }
        String mode = null;
        String time = null;
        Map<String, ManifestEntry> entries = new TreeMap<>();
        Map<String, String> signatures = new HashMap<>();
        Map<String, String[]> statted = new HashMap<>();
        Map<String, String> hashes = new HashMap<>();
        for (int i = 0; i < fields.size(); i += 4) {
            String type = fields.get(i);
            switch (type) {
                case "T" -> {
                    mode = fields.get(i + 2);
                    time = fields.get(i + 1).equals("-") ? null : fields.get(i + 1);
                }
                case "L" -> putLink(entries, WorkspacePaths.normalize(fields.get(i + 1)), fields.get(i + 2), fields.get(i + 3));
                case "F" -> {
                    String[] modeSize = fields.get(i + 2).split(":", 2);
                    entries.put(WorkspacePaths.normalize(fields.get(i + 1)), new ManifestEntry(sha(fields.get(i + 3)),
                            Integer.parseInt(modeSize[0], 8), Long.parseLong(modeSize[1]), null));
                }
                case "f", "l" -> {
                    String[] stat = fields.get(i + 2).split(":", 4);
                    if (stat.length != 4) {
                        throw new IllegalStateException("unexpected status field '" + fields.get(i + 2) + "' in the workspace listing");
                    }
                    String path = WorkspacePaths.normalize(fields.get(i + 1));
                    signatures.put(path, stat[2] + ":" + stat[3]);
                    if (type.equals("l")) {
                        putLink(entries, path, stat[0], fields.get(i + 3));
                    } else {
                        statted.put(path, stat);
                    }
                }
                case "S" -> hashes.put(WorkspacePaths.normalize(fields.get(i + 2)), fields.get(i + 1));
                case "A" -> {
                }
                default -> throw new IllegalStateException("unexpected manifest record type '" + type + "'");
            }
        }
        boolean complete = true;
        for (Map.Entry<String, String[]> file : statted.entrySet()) {
            String path = file.getKey();
            String[] stat = file.getValue();
            int fileMode = Integer.parseInt(stat[0], 8);
            long size = Long.parseLong(stat[1]);
            String hex = hashes.get(path);
            String sha;
            if (hex != null || previous == null || since == null || new BigDecimal(stat[3]).compareTo(new BigDecimal(since)) > 0) {
                sha = hex == null ? null : sha(hex);
            } else {
                ManifestEntry before = previous.manifest().get(path);
                boolean same = before != null && !before.isSymlink() && before.size() == size
                        && signatures.get(path).equals(previous.signatures().get(path));
                complete &= same;
                sha = same ? before.sha256() : null;
            }
            entries.put(path, new ManifestEntry(sha, fileMode, size, null));
        }
        WorkspaceManifest manifest = WorkspaceManifest.of(entries);
        Map<String, byte[]> contents = contentStart < 0 ? Map.of() : contents(listing, contentStart, manifest);
        return new Parsed(manifest, mode, time, signatures, contents, complete);
    }

    /** The files of the tar after the {@code A} record whose content has the hash the listing gave; the rest is dropped. */
    private static Map<String, byte[]> contents(byte[] listing, int from, WorkspaceManifest manifest) {
        Map<String, byte[]> checked = new HashMap<>();
        Map<String, WorkspaceFile> files;
        try {
            // the tar's names are ./path: reading drops the first component, as for an archive of /workspace
            files = TarArchives.read(new ByteArrayInputStream(listing, from, listing.length - from), Sandbox.PULL_LIMIT);
        } catch (IOException | RuntimeException e) {
            return checked;
        }
        files.forEach((path, file) -> {
            ManifestEntry entry = manifest.get(path);
            if (!file.isSymlink() && entry != null && !entry.isSymlink() && entry.sha256() != null
                    && entry.sha256().equals(Hashes.sha256(file.content()))) {
                checked.put(path, file.content());
            }
        });
        return checked;
    }

    private static void putLink(Map<String, ManifestEntry> entries, String path, String mode, String target) {
        byte[] targetBytes = target.getBytes(StandardCharsets.UTF_8);
        entries.put(path, new ManifestEntry(Hashes.sha256(targetBytes), Integer.parseInt(mode, 8), targetBytes.length, target));
    }

    private static String sha(String hex) {
        return hex.matches("[0-9a-f]{64}") ? Hashes.PREFIX + hex : null;
    }
}
