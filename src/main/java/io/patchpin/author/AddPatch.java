package io.patchpin.author;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.Hashes;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import io.patchpin.kind.BaseReplay;
import io.patchpin.patch.NewPatch;
import io.patchpin.patch.ParsedPatch;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.verify.LayerBase;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Appends patch entries to a patchset, all or nothing: every patch is parsed, checked and sealed at the base (read from
 * the object database) before any file is written. Used by {@code add patch} and {@code import}.
 */
public final class AddPatch {
    private AddPatch() {}

    /**
     * Result: the entries added, in order, and by id those that could not be sealed with why (objects not here, or an
     * earlier entry on their files could not be replayed).
     */
    public record Result(List<PatchEntry> added, Map<String, String> unsealed) implements OperationResult {
        public Result {
            added = List.copyOf(added);
            unsealed = Map.copyOf(unsealed);
        }

        /** Success: an entry written unsealed is a warning, not a failure (verify says so). */
        @Override
        public ExitCode exitCode() {
            return ExitCode.OK;
        }
    }

    /**
     * What to append: {@code patches} to {@code set}, the set in {@code dir} or a new one not written yet (then
     * created with the entries), each entry carrying the upstream record {@code upstream} gives it.
     */
    public record Request(Path dir, List<NewPatch> patches, Patchset set, Function<NewPatch, Upstream> upstream) {
        public Request {
            patches = List.copyOf(patches);
        }
    }

    /**
     * Appends, with the run's {@code settings}; {@code ws} is null when the set's base is unknown, so the settings
     * come apart.
     */
    public static Result run(Workspace ws, Request req, Settings settings) {
        return run(ws, req, Journal.ofPatchset(req.dir(), "add patch", Writes.atomic(settings)), null);
    }

    /**
     * As above, the files written all or nothing through {@code journal}, at the components' version
     * {@code version} (null when unknown): a patch whose {@code when} excludes it is written unsealed, as
     * conditional, and left out of the base for the patches after it.
     */
    public static Result run(Workspace ws, Request req, Journal journal, Version version) {
        Path dir = req.dir();
        Patchset ps = req.set();
        Snapshot base = ps.base().map(ws::baseSnapshot).orElse(null);
        // a set with layers is sealed on the tree they leave at the base (TheRock's as the base commit holds them)
        LayerBase layers = base == null ? null : Verifier.layerBase(new LoadedPatchset(dir, ps), base);
        BaseReplay replay = base == null ? null : layeredReplay(layers, ps, dir);
        if (replay != null) {
            ps.entries().forEach(replay::applyOrSkipUnsealed);
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        List<PatchEntry> added = new ArrayList<>();
        Map<String, String> unsealed = new TreeMap<>();
        Patchset next = ps;
        for (NewPatch p : req.patches()) {
            boolean available =
                    base != null && base.requireComponent(p.component()).available();
            ParsedPatch parsed = p.parse();
            String name = storedName(next.entries().size() + 1, p, parsed, dir, files);
            boolean forBase = version == null || p.when().holds(version);
            boolean sealable = forBase && available;
            NewPatch.Sealed sealed = sealable ? seal(p, parsed, replay, name, layers) : null;
            PatchEntry made = sealable ? sealed.entry() : p.unsealed(parsed, name);
            PatchEntry entry =
                    made.with(made.common().withUpstream(req.upstream().apply(p)), made.seal());
            Optional<String> unsealedWhy = !forBase
                    ? Optional.of("not for this version: " + p.component() + " is " + version.describe()
                            + ", the patch is for " + p.when().text())
                    : !sealable ? Optional.of(objectsWhy(base, p.component())) : sealed.unsealedWhy();
            requireNewId(next, entry, p);
            if (unsealedWhy.isEmpty()) {
                replay.record(entry.component(), sealed.result());
                replay.recordModes(entry.component(), sealed.executable());
            } else {
                unsealed.put(entry.id(), unsealedWhy.get());
                if (replay != null && forBase) {
                    replay.markUnknown(entry, "entry '" + entry.id() + "' before it is unsealed");
                }
            }
            files.put(name, p.bytes());
            added.add(entry);
            next = next.plus(entry);
        }
        write(journal, dir, files, next);
        return new Result(added, unsealed);
    }

    /** The patch files and the set's TOML, all or nothing. */
    private static void write(Journal journal, Path dir, Map<String, byte[]> files, Patchset set) {
        AtomicFiles.createDirectories(dir);
        List<Journal.Change> changes = new ArrayList<>();
        files.forEach((name, bytes) -> changes.add(change(dir.resolve(name), bytes)));
        changes.add(change(PatchsetStore.tomlOf(dir), PatchsetStore.render(set).getBytes(StandardCharsets.UTF_8)));
        journal.replaceFiles(changes);
    }

    /** Refuses an entry id the set already has, or one that is not letters, digits, '.', '_' or '-'. */
    private static void requireNewId(Patchset set, PatchEntry entry, NewPatch p) {
        if (set.entry(entry.id()).isPresent()) {
            throw new BadInputException(
                    p.source(), 0, "entry id '" + entry.id() + "' already exists; choose another with --id");
        }
        if (!PatchsetStore.validId(entry.id())) {
            throw new BadInputException("--id", 0, "id '" + entry.id() + "' must be letters, digits, '.', '_' or '-'");
        }
    }

    /** The base as the set's layers leave it, their files that cannot be known marked so; refused when one is absent. */
    private static BaseReplay layeredReplay(LayerBase layers, Patchset ps, Path dir) {
        layers.requireComplete(new LoadedPatchset(dir, ps));
        BaseReplay replay = new BaseReplay(layers.files(), ps, dir);
        layers.unknown().forEach((key, why) -> replay.markUnknown(key.component(), key.file(), why));
        return replay;
    }

    /** Seals {@code p}; a refusal on a file a layer entry below edits names that entry. */
    private static NewPatch.Sealed seal(
            NewPatch p, ParsedPatch parsed, BaseReplay replay, String name, LayerBase layers) {
        try {
            return p.seal(parsed, replay, name);
        } catch (BadInputException e) {
            String collision;
            try {
                collision =
                        layers.collision(p.component(), p.unsealed(parsed, name).files());
            } catch (BadInputException unparsable) {
                throw e;
            }
            if (collision.isEmpty()) {
                throw e;
            }
            throw new BadInputException(e.source(), e.line(), e.getMessage() + collision, e);
        }
    }

    private static Journal.Change change(Path p, byte[] bytes) {
        return new Journal.Change(p, Files.isRegularFile(p) ? InputFiles.read(p) : null, bytes);
    }

    private static String objectsWhy(Snapshot base, String component) {
        if (base == null) {
            return "the base of the patchset is unknown";
        }
        return "objects of " + component + " at "
                + base.component(component).map(c -> Hashes.abbrev(c.commit())).orElse("the base") + " are not here";
    }

    /**
     * The name a patch is stored under: its own when it is already a numbered series name
     * ({@code 0006-Rework-constructHipPath.patch}, as TheRock and format-patch write them) and free in the set,
     * so an export gives it back unchanged; else {@code NNNN-<id>.patch}, numbered by position in the set. Never
     * overwrites another file.
     */
    public static String storedName(
            int position, NewPatch p, ParsedPatch parsed, Path dir, Map<String, byte[]> pending) {
        String own = Path.of(p.source()).getFileName().toString();
        if (OWN_NAME.matcher(own).matches() && !own.contains("..") && free(own, p, dir, pending)) {
            return own;
        }
        String stem = p.id().orElseGet(() -> NewPatch.defaultId(parsed, p.source()));
        String name = String.format(Locale.ROOT, "%04d-%s.patch", position, stem);
        if (!free(name, p, dir, pending)) {
            throw new BadInputException(
                    dir.resolve(name).toString(), 0, "a different patch file already has this name");
        }
        return name;
    }

    private static final Pattern OWN_NAME = Pattern.compile("\\d{4}-[A-Za-z0-9._+-]+\\.patch");

    /** Whether {@code name} is not taken in the set, or holds these very bytes (an import run again). */
    private static boolean free(String name, NewPatch p, Path dir, Map<String, byte[]> pending) {
        if (pending.containsKey(name)) {
            return false;
        }
        Path file = dir.resolve(name);
        return !Files.exists(file) || Arrays.equals(InputFiles.read(file), p.bytes());
    }
}
