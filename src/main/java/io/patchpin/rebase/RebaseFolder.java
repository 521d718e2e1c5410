package io.patchpin.rebase;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.InputFiles;
import io.patchpin.core.RelativePath;
import io.patchpin.core.TomlDocument;
import io.patchpin.core.TomlSchema;
import io.patchpin.core.TomlWriter;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.JournalFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The folder {@code DIR/.rebase/} a rebase with conflicts leaves for the user: {@code state.toml} (where to, and a
 * digest of the patchset it started from), {@code REPORT.txt}, and per broken entry a folder {@code <id>/}: for a
 * patch, its files at the new base with diff3 markers, to be edited into the wanted result; for any other entry,
 * {@code patchset.toml} holding that one entry, to be edited (find, replace, anchor) or emptied of its
 * {@code [[entry]]} to drop it. A file {@code <id>/DROP} drops any entry.
 */
final class RebaseFolder {
    static final String NAME = ".rebase";
    static final String DROP = "DROP";
    private static final String STATE = "state.toml";
    private static final TomlSchema.File STATE_SCHEMA =
            new TomlSchema.File(1, TomlSchema.values("format", "onto", "keep_applied", "patchset", "accept_drift"));

    /** What a rebase in progress started from, and the entries whose drift the user accepted. */
    record State(String onto, boolean keepApplied, String patchsetDigest, Set<String> acceptDrift) {
        State {
            acceptDrift = new TreeSet<>(acceptDrift);
        }

        State accepting(Set<String> more) {
            return new State(
                    onto,
                    keepApplied,
                    patchsetDigest,
                    Stream.concat(acceptDrift.stream(), more.stream()).collect(Collectors.toSet()));
        }

        boolean accepts(String id) {
            return acceptDrift.contains("all") || acceptDrift.contains(id);
        }
    }

    /**
     * What the user resolved in the rebase folder.
     *
     * @param patchFiles per patch entry id, the wanted files after the entry at the new base (empty = deleted)
     * @param entries    per entry id, the edited definition, or empty to drop the entry
     */
    record Resolutions(Map<String, Map<String, Optional<byte[]>>> patchFiles, Map<String, Optional<Entry>> entries) {
        public static final Resolutions NONE = new Resolutions(Map.of(), Map.of());

        public Resolutions {
            patchFiles = new TreeMap<>(patchFiles);
            entries = new TreeMap<>(entries);
        }

        public boolean isEmpty() {
            return patchFiles.isEmpty() && entries.isEmpty();
        }
    }

    private final Path dir;
    private final Path root;

    RebaseFolder(Path patchsetDir) {
        this.dir = patchsetDir;
        this.root = patchsetDir.resolve(NAME);
    }

    Path root() {
        return root;
    }

    boolean exists() {
        return Files.exists(root.resolve(STATE), LinkOption.NOFOLLOW_LINKS);
    }

    String patchsetDigest() {
        return Hashes.sha256(InputFiles.read(PatchsetStore.tomlOf(dir)));
    }

    State state() {
        if (!exists()) {
            throw new BadInputException(dir.toString(), 0, "no rebase in progress (no " + NAME + "/" + STATE + ")");
        }
        TomlDocument doc = TomlDocument.read(root.resolve(STATE));
        doc.require(STATE_SCHEMA);
        TomlDocument.Fields f = doc.fields(doc.root(), 1, STATE);
        return new State(
                f.objectId("onto"),
                f.bool("keep_applied", false),
                f.sha256("patchset"),
                new TreeSet<>(f.strings("accept_drift")));
    }

    /** Writes the state, the report and a folder per conflict that has none yet (a user's resolution is kept). */
    void write(State state, Patchset current, Plan plan, String report, boolean fsync) {
        TomlWriter w = new TomlWriter();
        w.integer("format", 1)
                .string("onto", state.onto())
                .bool("keep_applied", state.keepApplied())
                .string("patchset", state.patchsetDigest());
        if (!state.acceptDrift().isEmpty()) {
            w.strings("accept_drift", List.copyOf(state.acceptDrift()));
        }
        AtomicFiles.write(root.resolve(STATE), w.toString().getBytes(StandardCharsets.UTF_8), fsync);
        AtomicFiles.write(root.resolve("REPORT.txt"), report.getBytes(StandardCharsets.UTF_8), fsync);
        for (Plan.Conflict c : plan.conflicts()) {
            Path folder = root.resolve(c.entry().id());
            if (Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            if (!c.files().isEmpty()) {
                c.files()
                        .forEach((file, bytes) ->
                                bytes.ifPresent(b -> AtomicFiles.write(folder.resolve(file), b, fsync)));
            } else {
                Patchset one = current.withBase(state.onto())
                        .withEntries(List.of(c.entry().unsealed()));
                AtomicFiles.write(
                        PatchsetStore.tomlOf(folder),
                        PatchsetStore.render(one).getBytes(StandardCharsets.UTF_8),
                        fsync);
            }
        }
    }

    /** The user's resolutions; bad input when a conflict marker is left in any file. */
    Resolutions resolutions(Patchset current) {
        Map<String, Map<String, Optional<byte[]>>> files = new TreeMap<>();
        Map<String, Optional<Entry>> entries = new TreeMap<>();
        for (Entry e : current.entries()) {
            Path folder = root.resolve(e.id());
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            if (Files.exists(folder.resolve(DROP))) {
                entries.put(e.id(), Optional.empty());
            } else if (Files.exists(PatchsetStore.tomlOf(folder))) {
                entries.put(e.id(), edited(e, folder));
            } else if (EntryKind.of(e).resolvedInFiles()) {
                files.put(e.id(), patchFiles(e, folder));
            }
        }
        return new Resolutions(files, entries);
    }

    private static Optional<Entry> edited(Entry e, Path folder) {
        Patchset one = PatchsetStore.read(folder);
        if (one.entries().isEmpty()) {
            return Optional.empty();
        }
        Entry edited = one.entries().get(0);
        if (one.entries().size() > 1 || !edited.id().equals(e.id())) {
            throw new BadInputException(
                    PatchsetStore.tomlOf(folder).toString(),
                    0,
                    "must hold the one entry '" + e.id() + "' (or none, to drop it)");
        }
        return Optional.of(edited.unsealed());
    }

    private static Map<String, Optional<byte[]>> patchFiles(Entry p, Path folder) {
        Map<String, Optional<byte[]>> out = new TreeMap<>();
        for (String f : p.files()) {
            RelativePath.problem(f).ifPresent(why -> {
                throw new BadInputException(folder.toString(), 0, f + ": " + why);
            });
            Path file = folder.resolve(f);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                out.put(f, Optional.empty());
                continue;
            }
            byte[] bytes = InputFiles.read(file);
            requireNoMarkers(file, bytes);
            out.put(f, Optional.of(bytes));
        }
        return out;
    }

    private static void requireNoMarkers(Path file, byte[] bytes) {
        List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("<<<<<<< ")
                    || l.startsWith(">>>>>>> ")
                    || l.startsWith("||||||| ")
                    || l.equals("=======")) {
                throw new BadInputException(
                        file.toString(), i + 1, "conflict marker left; resolve it, then run rebase --continue");
            }
        }
    }

    /** Removes the folder (abort, or after a successful continue). */
    void remove() {
        try {
            JournalFile.deleteTree(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root, e);
        }
    }
}
