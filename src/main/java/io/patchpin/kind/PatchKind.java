package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.core.InputFiles;
import io.patchpin.core.Settings;
import io.patchpin.patch.DiffWriter;
import io.patchpin.patch.Merges;
import io.patchpin.patch.NewPatch;
import io.patchpin.patch.ParsedPatch;
import io.patchpin.patch.PatchChecker;
import io.patchpin.patch.PatchParser;
import io.patchpin.patch.PatchPaths;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.rewrite.Sealer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** A patch: a unified diff stored as a file in the patchset folder. */
final class PatchKind implements EntryKind {
    private final PatchEntry entry;

    PatchKind(PatchEntry entry) {
        this.entry = entry;
    }

    @Override
    public PatchEntry entry() {
        return entry;
    }

    @Override
    public Check check(EntryInput input) {
        return new PatchChecker().check(entry, input);
    }

    @Override
    public Check revert(EntryInput input) {
        return new PatchChecker().revert(entry, input);
    }

    @Override
    public Sealer.Sealing seal(byte[] before, Settings settings) {
        throw new IllegalArgumentException("not a text entry: " + entry.kind());
    }

    /** A patch's seal holds blob ids, which need no evidence of place. */
    @Override
    public Entry upgraded(Supplier<EntryInput> base) {
        return entry;
    }

    /** The patch written again from the files before and after it at the new base; nothing when they are the same. */
    @Override
    public Refreshed refresh(
            BaseReplay replay,
            Supplier<Map<String, Optional<byte[]>>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executable) {
        Map<String, Boolean> was = new TreeMap<>();
        after.keySet().forEach(f -> was.put(f, replay.executable(entry.component(), f)));
        // the patch file as the set holds it (its seal was checked on the way here)
        byte[] old = InputFiles.read(replay.dir().resolve(entry.patch()));
        byte[] bytes = DiffWriter.refreshed(entry, old, before.get(), after, was, executable);
        if (!DiffWriter.hasDiff(bytes)) {
            return Refreshed.empty("its result is the file as it is at the new base: nothing left to patch");
        }
        NewPatch np = new NewPatch(
                replay.dir().resolve(entry.patch()).toString(),
                bytes,
                entry.component(),
                Optional.of(entry.id()),
                "",
                Optional.of(1),
                entry.why(),
                entry.links(),
                entry.when(),
                0); // made anew at the new base, it applies there with no fuzz
        NewPatch.Sealed sealed = np.seal(replay, entry.patch());
        return Refreshed.sealed(
                sealed.entry(),
                sealed.result(),
                sealed.executable(),
                Optional.of(new Refreshed.PatchFile(entry.patch(), bytes)));
    }

    @Override
    public Map<String, Optional<byte[]>> conflictFiles(EntryInput input, String oursLabel) {
        return Merges.conflictFiles(entry, input, oursLabel);
    }

    @Override
    public boolean resolvedInFiles() {
        return true;
    }

    @Override
    public Optional<byte[]> storedDiff(Path patchsetDir) {
        Path file = patchsetDir.resolve(entry.patch());
        return Optional.of(DiffWriter.stored(
                entry, PatchParser.parse(file.toString(), InputFiles.read(file)).requireClean()));
    }

    @Override
    public Optional<byte[]> storedPatch(Path patchsetDir) {
        return entry.strip() != 1 || !entry.directory().isEmpty()
                ? Optional.empty()
                : Optional.of(InputFiles.read(patchsetDir.resolve(entry.patch())));
    }

    /** The {@code @@} line of the first failing hunk, else of the first fuzzed one. */
    @Override
    public Optional<SourceLine> reviewLine(Path patchsetDir, Evidence evidence) {
        if (!(evidence instanceof Evidence.Hunks hunks)) {
            return Optional.empty();
        }
        Optional<Evidence.HunkOutcome> hunk = hunks.hunks().stream()
                .filter(Evidence.HunkOutcome::failed)
                .findFirst()
                .or(() -> hunks.hunks().stream().filter(h -> h.fuzz() > 0).findFirst());
        if (hunk.isEmpty() || hunk.get().index() < 1) {
            return Optional.empty();
        }
        Path file = patchsetDir.resolve(entry.patch());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            // verify read it a moment ago (a failing hunk means it parsed), so this is a fault, not a verdict
            throw new UncheckedIOException("cannot read " + file, e);
        }
        ParsedPatch patch = PatchParser.parse(file.toString(), bytes);
        PatchPaths paths = new PatchPaths(entry.strip(), entry.directory());
        Evidence.HunkOutcome h = hunk.get();
        Optional<String> failed = Optional.of(h.file());
        return patch.files().stream()
                .filter(f -> (failed.equals(paths.newPath(f)) || failed.equals(paths.oldPath(f)))
                        && h.index() <= f.hunks().size())
                .findFirst()
                .map(f -> new SourceLine(file, f.hunks().get(h.index() - 1).patchLine()));
    }

    /** The mail's subject, else the files it changes. */
    @Override
    public String describe() {
        return !entry.subject().isEmpty()
                ? entry.subject()
                : "Patch " + entry.files().stream().map(EntryKind::fileName).collect(Collectors.joining(", "));
    }
}
