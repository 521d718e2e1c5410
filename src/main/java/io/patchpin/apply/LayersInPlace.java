package io.patchpin.apply;

import io.patchpin.check.Check;
import io.patchpin.check.Verdict;
import io.patchpin.core.RelativePath;
import io.patchpin.patch.DiffWriter;
import io.patchpin.safety.ExecBit;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.WorkTreeFileSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Whether the layers below the sets to apply are in the work tree already (applied by patchpin, or committed as
 * TheRock's therockbot commits): every entry of a layer must be there, with the executable bits its patches set, else
 * the upper set would be applied on a tree it was not sealed on.
 */
final class LayersInPlace {
    private static final String HOW = " (apply it first, or apply with --with-layers)";

    private LayersInPlace() {}

    /** The last layer entry to set a file's executable bit, and the bit. */
    private record ModeSet(String set, String entry, boolean executable) {}

    /** One line per layer not in place, naming its first entry that is not there; empty when all are. */
    static List<String> missing(List<LoadedPatchset> expanded, WorkTreeFileSource workTree) {
        // the sets above run too: where they edit a layer's lines again, the layer is judged beneath their edits
        Run run = new Verifier().check(expanded, workTree, BaseSources.NONE);
        SortedMap<FileKey, ModeSet> modes = new TreeMap<>();
        List<String> out = new ArrayList<>();
        List<String> contentMissing = new ArrayList<>();
        for (Run.SetRun s : run.sets()) {
            if (!Layers.isLayer(s.loaded())) {
                continue;
            }
            String name = s.loaded().patchset().name();
            Optional<Run.EntryRun> absent = s.entries().stream()
                    .filter(e -> !there(e, run.overlay().original()))
                    .findFirst();
            if (absent.isPresent()) {
                contentMissing.add(name);
                out.add(notInPlace(name) + "entry '" + absent.get().entry().id() + "' is "
                        + absent.get().check().verdict().verdict() + HOW);
                continue;
            }
            for (Run.EntryRun e : s.entries()) {
                e.check()
                        .executable()
                        .forEach((f, x) -> modes.put(
                                new FileKey(e.entry().component(), f),
                                new ModeSet(name, e.entry().id(), x)));
            }
        }
        // a set's bits are judged on the tree all layers leave: a later layer may set a bit again
        Map<String, String> wrongMode = new TreeMap<>();
        modes.forEach((key, m) -> {
            boolean kept = run.overlay().current().get(key) instanceof FileLookup.Found;
            if (kept
                    && !contentMissing.contains(m.set())
                    && onDisk(workTree, key).map(x -> x != m.executable()).orElse(false)) {
                wrongMode.putIfAbsent(
                        m.set(),
                        notInPlace(m.set()) + "entry '" + m.entry() + "' makes "
                                + RelativePath.join(key.component(), key.file()) + " "
                                + DiffWriter.mode(m.executable()) + ", the work tree has it "
                                + DiffWriter.mode(!m.executable()) + HOW);
            }
        });
        out.addAll(wrongMode.values());
        return out;
    }

    /** The file's executable bit in the work tree; empty where the file system keeps none. */
    private static Optional<Boolean> onDisk(WorkTreeFileSource workTree, FileKey key) {
        return workTree.componentDir(key.component()).flatMap(dir -> ExecBit.get(dir.resolve(key.file())));
    }

    private static String notInPlace(String set) {
        return set + " is not in place in the work tree: ";
    }

    /**
     * Whether the entry's content is there: its edit is, or it edits no content here and only sets executable bits (a
     * patch that only makes a script executable checks as applying anew, bit set or not). The bits are judged after, on
     * the tree all layers leave.
     */
    private static boolean there(Run.EntryRun e, Map<FileKey, FileLookup> read) {
        Check c = e.check();
        Verdict v = c.verdict().verdict();
        return v == Verdict.ALREADY_APPLIED
                || v == Verdict.MERGED
                || c.appliable()
                        && !c.executable().isEmpty()
                        && sameContent(e.entry().component(), c.result(), read);
    }

    /** Whether {@code result} is what the work tree held when the layers were checked ({@code read}). */
    private static boolean sameContent(
            String component, Map<String, Optional<byte[]>> result, Map<FileKey, FileLookup> read) {
        return result.entrySet().stream().allMatch(f -> {
            FileLookup now = read.get(new FileKey(component, f.getKey()));
            return f.getValue()
                    .map(b -> now instanceof FileLookup.Found found && Arrays.equals(found.content(), b))
                    .orElse(now instanceof FileLookup.FileMissing);
        });
    }
}
