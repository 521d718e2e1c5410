package io.patchpin.kind;

import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.TextEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.rewrite.Sealer;
import io.patchpin.workspace.FileLookup;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** What rewrites and inserts share: one file edited as text, sealed from its content, resolved by editing the entry. */
abstract sealed class TextKind implements EntryKind permits RewriteKind, InsertKind {

    @Override
    public abstract TextEntry entry();

    @Override
    public Refreshed refresh(
            BaseReplay replay,
            Supplier<Map<String, Optional<byte[]>>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executable) {
        String file = entry().file();
        if (!(replay.read(entry().component(), file) instanceof FileLookup.Found now)) {
            return Refreshed.refused(file + " cannot be read");
        }
        Sealer.Sealing s = seal(now.content());
        return s.ok()
                ? Refreshed.sealed(s.entry(), Map.of(file, Optional.of(s.after())), Map.of(), Optional.empty())
                : Refreshed.refused(s.problem());
    }

    @Override
    public Entry upgraded(Supplier<EntryInput> base) {
        TextSeal s = entry().textSeal().orElse(null);
        if (s == null || s.hasPlaces()) {
            return entry(); // only seals without places are worth a read of the base
        }
        if (!(base.get().files().get(entry().file()) instanceof FileLookup.Found f)) {
            return entry();
        }
        return upgraded(f.content());
    }

    /** {@link #upgraded(Supplier)} once the base content is read. */
    abstract Entry upgraded(byte[] base);

    @Override
    public Map<String, Optional<byte[]>> conflictFiles(EntryInput input, String oursLabel) {
        return Map.of();
    }

    @Override
    public boolean resolvedInFiles() {
        return false;
    }

    @Override
    public Optional<byte[]> storedDiff(Path patchsetDir) {
        return Optional.empty();
    }

    @Override
    public Optional<byte[]> storedPatch(Path patchsetDir) {
        return Optional.empty();
    }

    @Override
    public Optional<Substitution> substitution() {
        return Optional.empty();
    }

    @Override
    public Optional<SourceLine> reviewLine(Path patchsetDir, Evidence evidence) {
        return Optional.empty();
    }
}
