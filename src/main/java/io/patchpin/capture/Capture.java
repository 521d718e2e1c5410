package io.patchpin.capture;

import io.patchpin.author.AddPatch;
import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.Slug;
import io.patchpin.gitstatus.WorkTreeStatus;
import io.patchpin.kind.BaseReplay;
import io.patchpin.patch.DiffWriter;
import io.patchpin.patch.NewPatch;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.verify.LayerBase;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.eclipse.jgit.diff.RawText;

/**
 * The capture operation: the work-tree edits no entry records yet become sealed patch entries, one per component (or
 * per file). The patchset's base must be the superproject HEAD and every edited component must be checked out at its
 * pinned commit, so the diff taken against the base (with the set's entries replayed) is exactly what the user changed.
 */
public final class Capture {
    private Capture() {}

    public record Request(Path dir, boolean perFile, String idPrefix) {}

    public static AddPatch.Result run(Workspace ws, Request request) {
        return run(ws, request, Writes.atomic(ws.settings()));
    }

    /** Captures; {@code writes} sees every step of the patchset's rewrite. */
    public static AddPatch.Result run(Workspace ws, Request request, Writes writes) {
        Patchset ps = PatchsetStore.read(request.dir());
        String head = ws.resolve("HEAD").name();
        if (!ps.base().equals(Optional.of(head))) {
            throw new BadInputException(
                    PatchsetStore.tomlOf(request.dir()).toString(),
                    0,
                    "base " + ps.shortBase()
                            + " is not the superproject HEAD " + head.substring(0, 12)
                            + "; capture seals against the checked-out commits: rebase the set onto HEAD first");
        }
        Snapshot base = ws.baseSnapshot(head);
        // with layers, the work tree holds them too: the user's edits are what differs from the tree they leave
        LoadedPatchset loaded = new LoadedPatchset(request.dir(), ps);
        LayerBase layers = Verifier.layerBase(loaded, base);
        layers.requireComplete(loaded);
        BaseReplay replay = new BaseReplay(layers.files(), ps, request.dir());
        ps.entries().forEach(replay::apply);
        WorkTreeFileSource tree = new WorkTreeFileSource(ws);
        ws.requireWorkTree("capture"); // a bare repository has nothing to capture: refused before any read
        Set<String> ids = new HashSet<>(ps.entries().stream().map(Entry::id).toList());
        List<NewPatch> patches = new ArrayList<>();
        for (Component c : base.components().values()) {
            Optional<Path> dir = tree.componentDir(c.path());
            if (dir.isEmpty()) {
                continue;
            }
            SortedMap<String, byte[]> diffs = diffs(c, dir.get(), request.dir(), replay, tree);
            requireKnownToLayers(layers, c, dir.get(), diffs.keySet());
            for (Map.Entry<String, List<String>> group :
                    groups(c, diffs, request.perFile()).entrySet()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                group.getValue().forEach(f -> out.writeBytes(diffs.get(f)));
                String id = Authoring.uniqueId(request.idPrefix() + "-" + Slug.CAPTURED_PATH.of(group.getKey()), ids);
                patches.add(new NewPatch(
                        "capture of " + c.path(),
                        out.toByteArray(),
                        c.path(),
                        Optional.of(id),
                        "",
                        Optional.of(1),
                        "captured from the work tree",
                        List.of()));
            }
        }
        return patches.isEmpty()
                ? new AddPatch.Result(List.of(), Map.of())
                : AddPatch.run(
                        ws,
                        new AddPatch.Request(request.dir(), patches, ps, p -> Upstream.NONE),
                        Journal.ofPatchset(request.dir(), "capture", writes),
                        null);
    }

    /** Refuses a changed file whose content under the layers is not known, so the user's edits cannot be told apart. */
    private static void requireKnownToLayers(LayerBase layers, Component c, Path dir, Set<String> files) {
        for (String f : files) {
            layers.unknownWhy(c.path(), List.of(f)).ifPresent(why -> {
                throw new BadInputException(
                        dir.resolve(f).toString(),
                        0,
                        why + ": capture cannot tell your edits to this file from the layer's");
            });
        }
    }

    /** Per changed file, its diff from the base (with the entries replayed) to the work tree. */
    private static SortedMap<String, byte[]> diffs(
            Component c, Path dir, Path patchsetDir, BaseReplay replay, WorkTreeFileSource tree) {
        Path own = patchsetDir.toAbsolutePath().normalize();
        SortedMap<String, byte[]> out = new TreeMap<>();
        for (String f : edited(c, dir)) {
            if (dir.resolve(f).toAbsolutePath().normalize().startsWith(own)) {
                continue; // the patchset folder itself is not an edit
            }
            Optional<byte[]> before = content(replay.read(c.path(), f));
            Optional<byte[]> after = content(tree.read(c.path(), f));
            if (before.isPresent() == after.isPresent()
                    && (before.isEmpty() || Arrays.equals(before.get(), after.get()))) {
                continue;
            }
            if (before.map(RawText::isBinary).orElse(false)
                    || after.map(RawText::isBinary).orElse(false)) {
                throw new BadInputException(dir.resolve(f).toString(), 0, "binary files cannot be captured as patches");
            }
            ByteArrayOutputStream diff = new ByteArrayOutputStream();
            DiffWriter.write(diff, f, before, after, false, false);
            out.put(f, diff.toByteArray());
        }
        return out;
    }

    /**
     * The paths of the component's work tree that differ from its checked-out commit (modified, added, deleted,
     * untracked and not ignored; gitlinks left out), sorted; bad input when it is not at its pinned commit.
     */
    private static SortedSet<String> edited(Component c, Path dir) {
        WorkTreeStatus status = WorkTreeStatus.of(dir);
        SortedSet<String> out = new TreeSet<>(status.changed());
        if (!out.isEmpty() && !status.head().equals(c.commit())) {
            throw new BadInputException(
                    dir.toString(),
                    0,
                    "component " + c.path() + " is checked out at "
                            + Hashes.abbrev(status.head()) + ", not at " + Hashes.abbrev(c.commit())
                            + " as the patchset's base pins it; sync it first");
        }
        return out;
    }

    /** The changed files by the entry they go to: their own path with {@code perFile}, else their component. */
    private static Map<String, List<String>> groups(Component c, SortedMap<String, byte[]> diffs, boolean perFile) {
        String whole = c.isSuperproject() ? "therock" : c.path();
        String prefix = c.isSuperproject() ? "" : c.path() + "/";
        return diffs.keySet().stream()
                .collect(Collectors.groupingBy(f -> perFile ? prefix + f : whole, TreeMap::new, Collectors.toList()));
    }

    private static Optional<byte[]> content(FileLookup l) {
        return l instanceof FileLookup.Found f ? Optional.of(f.content()) : Optional.empty();
    }
}
