package io.patchpin.rebase;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The rebase operation: every entry of a patchset re-sealed at a new base, all or nothing. Conflicts leave the patchset
 * untouched and a {@code .rebase/} folder for the user; {@code --continue} picks up the resolutions, {@code --abort}
 * removes the folder. Reads objects only.
 */
public final class Rebase {
    private Rebase() {}

    /**
     * Rebase {@code dir} onto superproject revision {@code onto}.
     *
     * @param acceptDrift ids of entries whose changed match or line may be resealed as they are ("all" for every one)
     */
    public record Request(Path dir, String onto, boolean keepApplied, Set<String> acceptDrift) {
        public Request {
            acceptDrift = acceptDrift == null ? Set.of() : new TreeSet<>(acceptDrift);
        }
    }

    /** Starts a rebase; {@code writes} sees every step of the patchset's rewrite. */
    public static RebaseResult start(Workspace ws, Request request, Writes writes) {
        RebaseFolder folder = new RebaseFolder(request.dir());
        if (folder.exists()) {
            throw new BadInputException(
                    request.dir().toString(),
                    0,
                    "a rebase is in progress; resolve and run rebase --continue, or rebase --abort");
        }
        LoadedPatchset set = LoadedPatchset.read(request.dir());
        Snapshot onto = ws.snapshot(ws.resolve("--onto", request.onto()));
        RebaseFolder.State state = new RebaseFolder.State(
                onto.commit(), request.keepApplied(), folder.patchsetDigest(), request.acceptDrift());
        return finish(ws, set, onto, state, RebaseFolder.Resolutions.NONE, folder, writes);
    }

    /** Continues a rebase; {@code acceptDrift} adds to the ids accepted when it started. */
    public static RebaseResult resume(Workspace ws, Path dir, Set<String> acceptDrift) {
        RebaseFolder folder = new RebaseFolder(dir);
        RebaseFolder.State state = folder.state().accepting(acceptDrift);
        if (!state.patchsetDigest().equals(folder.patchsetDigest())) {
            throw new BadInputException(
                    PatchsetStore.tomlOf(dir).toString(),
                    0,
                    "changed since the rebase started; run rebase --abort and start again");
        }
        LoadedPatchset set = LoadedPatchset.read(dir);
        RebaseFolder.Resolutions resolutions = folder.resolutions(set.patchset());
        Snapshot onto = ws.snapshot(ObjectId.fromString(state.onto()));
        return finish(ws, set, onto, state, resolutions, folder, Writes.atomic(ws.settings()));
    }

    public static Aborted abort(Path dir) {
        RebaseFolder folder = new RebaseFolder(dir);
        if (!folder.exists()) {
            throw new BadInputException(dir.toString(), 0, "no rebase in progress to abort");
        }
        folder.remove();
        return new Aborted(dir);
    }

    /**
     * A rebase worked out and not written: its report, and the patchset's file changes to write when it has no
     * conflict, for an operation that writes several sets (and a lock) through one journal.
     */
    public record Staged(RebaseResult result, Patchset next, List<Journal.Change> changes) {
        public Staged {
            changes = List.copyOf(changes);
        }
    }

    /**
     * Works out the rebase of {@code set} onto {@code onto}; writes nothing, not even a conflicts folder.
     *
     * @param carry the entries broken before the rebase already, by id, with that verdict: carried over as they are (a
     *              broken entry changes no file the later ones read), so they do not block the others
     */
    public static Staged stage(Workspace ws, LoadedPatchset set, Snapshot onto, Map<String, EntryVerdict> carry) {
        RebaseFolder folder = new RebaseFolder(set.dir());
        if (folder.exists()) {
            throw new BadInputException(
                    set.dir().toString(), 0, "a rebase is in progress; finish it (rebase --continue) or --abort it");
        }
        Patchset ps = set.patchset();
        LoadedPatchset rest = set.with(ps.withEntries(
                ps.entries().stream().filter(e -> !carry.containsKey(e.id())).toList()));
        RebaseFolder.State state = new RebaseFolder.State(onto.commit(), false, "", Set.of());
        Plan plan = plan(ws, rest, onto, state, RebaseFolder.Resolutions.NONE);
        Map<String, Entry> rebased = plan.entries().stream().collect(Collectors.toMap(Entry::id, e -> e));
        List<Entry> entries = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>(plan.outcomes());
        for (Entry e : ps.entries()) {
            EntryVerdict broken = carry.get(e.id());
            if (broken != null) {
                entries.add(e);
                outcomes.add(Outcome.of(
                        e,
                        Optional.of(broken.verdict()),
                        Action.CARRIED,
                        "broken before the update already: " + broken.detail()));
            } else if (rebased.containsKey(e.id())) {
                entries.add(rebased.get(e.id()));
            }
        }
        RebaseResult r = new RebaseResult(ps.name(), ps.base(), onto.commit(), outcomes, plan.ok(), Optional.empty());
        if (!plan.ok()) {
            return new Staged(r, ps, List.of());
        }
        Patchset next = ps.withBase(onto.commit()).withEntries(entries);
        return new Staged(r, next, files(rest, next, plan).changes());
    }

    /** A rebase given up: its folder removed, the patchset as it was. */
    public record Aborted(Path dir) implements OperationResult {
        @Override
        public ExitCode exitCode() {
            return ExitCode.OK;
        }
    }

    private static RebaseResult finish(
            Workspace ws,
            LoadedPatchset set,
            Snapshot onto,
            RebaseFolder.State state,
            RebaseFolder.Resolutions resolutions,
            RebaseFolder folder,
            Writes writes) {
        Patchset ps = set.patchset();
        Plan plan = plan(ws, set, onto, state, resolutions);
        if (!plan.ok()) {
            RebaseResult r = new RebaseResult(
                    ps.name(), ps.base(), onto.commit(), plan.outcomes(), false, Optional.of(folder.root()));
            folder.write(
                    state,
                    ps,
                    plan,
                    RebaseText.render(r) + RebaseText.HOWTO,
                    ws.settings().fsync());
            return r;
        }
        files(set, ps.withBase(onto.commit()).withEntries(plan.entries()), plan).commit(writes);
        folder.remove();
        return new RebaseResult(ps.name(), ps.base(), onto.commit(), plan.outcomes(), true, Optional.empty());
    }

    private static Plan plan(
            Workspace ws,
            LoadedPatchset set,
            Snapshot onto,
            RebaseFolder.State state,
            RebaseFolder.Resolutions resolutions) {
        Patchset ps = set.patchset();
        BaseSources bases = Verification.bases(ws);
        Optional<FileSource> oldBase = ps.base().flatMap(bases::at);
        LayerRun.Below below = new LayerRun.Below(onto.files(), List.of(), new TreeMap<>());
        if (!ps.layers().isEmpty()) {
            // a layered set is checked and sealed on the tree its layers leave, at the new base and at the old one
            below = LayerRun.of(set, onto, bases);
            oldBase = oldBase.flatMap(b -> ps.base())
                    .map(id -> LayerRun.of(set, ws.snapshot(ObjectId.fromString(id)), bases)
                            .files());
        }
        return new Refresh(set, onto, below, state, resolutions, oldBase).run(ps.entries());
    }

    /**
     * Patch files first, then patchset.toml, then dropped patch files, written through the patchset's journal: a
     * failure puts back what was written, a killed rebase is finished by the next command.
     */
    private static PatchsetFiles files(LoadedPatchset set, Patchset next, Plan plan) {
        PatchsetFiles files = new PatchsetFiles(set.dir());
        plan.patchFiles().forEach(files::write);
        files.write(PatchsetStore.FILE, PatchsetStore.render(next).getBytes(StandardCharsets.UTF_8));
        List<String> kept =
                next.entries().stream().flatMap(e -> e.patchFile().stream()).toList();
        for (Entry e : set.patchset().entries()) {
            e.patchFile().filter(p -> !kept.contains(p)).ifPresent(files::delete);
        }
        return files;
    }

    /** The files of the patchset folder a rebase replaces or deletes, written all or nothing ({@link Journal#replaceFiles}). */
    static final class PatchsetFiles {
        private final Path dir;
        private final List<Journal.Change> changes = new ArrayList<>();

        PatchsetFiles(Path dir) {
            this.dir = dir;
        }

        void write(String name, byte[] bytes) {
            Path p = resolve(name);
            changes.add(new Journal.Change(p, read(p), bytes));
        }

        void delete(String name) {
            Path p = resolve(name);
            byte[] was = read(p);
            if (was != null) {
                changes.add(new Journal.Change(p, was, null));
            }
        }

        /** The changes, in the order they are written. */
        List<Journal.Change> changes() {
            return List.copyOf(changes);
        }

        /** Writes every change, or none. */
        void commit(Writes writes) {
            Journal.ofPatchset(dir, "rebase", writes).replaceFiles(changes);
        }

        private Path resolve(String name) {
            RelativePath.check(dir.toString(), 0, name);
            return dir.resolve(name);
        }

        private static byte[] read(Path p) {
            return Files.exists(p, LinkOption.NOFOLLOW_LINKS) ? InputFiles.read(p) : null;
        }
    }
}
