package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.core.Settings;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextEntry;
import io.patchpin.rewrite.Sealer;
import io.patchpin.workspace.FileLookup;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A rewrite (find text, literal or RE2, and replace it) or an insert (lines added after or before the line an
 * anchor matches): one file edited as text, sealed from its content, resolved by editing the entry. The two
 * differ only by their checker and sealer, so they are one class.
 */
final class TextKind<E extends TextEntry> implements EntryKind {
    private final E entry;
    private final EntryChecker<E> checker;

    TextKind(E entry, EntryChecker<E> checker) {
        this.entry = entry;
        this.checker = checker;
    }

    @Override
    public E entry() {
        return entry;
    }

    @Override
    public Check check(EntryInput input) {
        return checker.check(entry, input);
    }

    @Override
    public Check revert(EntryInput input) {
        return checker.revert(entry, input);
    }

    @Override
    public Sealer.Sealing seal(byte[] before, Settings settings) {
        return entry instanceof RewriteEntry r
                ? Sealer.seal(r, before, settings.regexWork())
                : Sealer.seal((InsertEntry) entry, before, settings.regexWork());
    }

    @Override
    public Refreshed refresh(
            BaseReplay replay,
            Supplier<Map<String, Optional<byte[]>>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executable) {
        String file = entry.file();
        if (!(replay.read(entry.component(), file) instanceof FileLookup.Found now)) {
            return Refreshed.refused(file + " cannot be read");
        }
        Sealer.Sealing sealing = seal(now.content(), replay.settings());
        if (sealing instanceof Sealer.Refused r) {
            return Refreshed.refused(r.why());
        }
        Sealer.Sealed s = sealing.orElseThrow();
        return Refreshed.sealed(s.entry(), Map.of(file, Optional.of(s.after())), Map.of(), Optional.empty());
    }

    @Override
    public Entry upgraded(Supplier<EntryInput> base) {
        if (entry.textSeal().filter(s -> !s.hasPlaces()).isEmpty()) {
            return entry; // only seals without places are worth a read of the base
        }
        EntryInput input = base.get();
        if (!(input.files().get(entry.file()) instanceof FileLookup.Found f)) {
            return entry;
        }
        return Sealer.upgraded(entry, f.content(), () -> seal(f.content(), input.settings()));
    }

    /** A literal rewrite of every match; an RE2 one, one of the Nth match or an insert is not a plain substitution. */
    @Override
    public Optional<Substitution> substitution() {
        return entry instanceof RewriteEntry r && !r.regex() && r.occurrence().isAll()
                ? Optional.of(new Substitution(r.file(), r.find(), r.replace()))
                : Optional.empty();
    }

    @Override
    public String describe() {
        if (entry instanceof InsertEntry i) {
            return "Insert " + EntryKind.quoted(i.text()) + " " + i.position().word() + " "
                    + EntryKind.quoted(i.anchor()) + " in " + EntryKind.fileName(i.file());
        }
        RewriteEntry r = (RewriteEntry) entry;
        String which = r.occurrence().isAll() ? "" : " (match " + r.occurrence().nth() + ")";
        String find = r.regex() ? "/" + r.find().lines().findFirst().orElse("") + "/" : EntryKind.quoted(r.find());
        if (r.replace().isEmpty()) {
            return "Delete " + find + " in " + EntryKind.fileName(r.file()) + which;
        }
        return (r.regex() ? "Rewrite " + find + " as " : "Replace " + find + " with ")
                + EntryKind.quoted(r.replace()) + " in "
                + EntryKind.fileName(r.file()) + which;
    }

    /** The inserted text or the replacement, unless it is an RE2 one whose group references only the matches give meaning. */
    @Override
    public Optional<String> editedText() {
        if (entry instanceof InsertEntry i) {
            return Optional.of(i.text());
        }
        RewriteEntry r = (RewriteEntry) entry;
        return r.regex() ? Optional.empty() : Optional.of(r.replace());
    }
}
