package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.RewriteChecker;
import io.patchpin.rewrite.Sealer;
import java.util.Optional;

/** A rewrite: find text (literal or RE2) and replace it. */
final class RewriteKind extends TextKind {
    private final RewriteEntry entry;

    RewriteKind(RewriteEntry entry) {
        this.entry = entry;
    }

    @Override
    public RewriteEntry entry() {
        return entry;
    }

    @Override
    public Check check(EntryInput input) {
        return new RewriteChecker().check(entry, input);
    }

    @Override
    public Check revert(EntryInput input) {
        return new RewriteChecker().revert(entry, input);
    }

    @Override
    public Sealer.Sealing seal(byte[] before) {
        return Sealer.seal(entry, before);
    }

    @Override
    Entry upgraded(byte[] base) {
        return Sealer.upgraded(entry, base);
    }

    @Override
    public String describe() {
        String which = entry.occurrence().isAll()
                ? ""
                : " (match " + entry.occurrence().nth() + ")";
        String find = entry.regex()
                ? "/" + entry.find().lines().findFirst().orElse("") + "/"
                : EntryKind.quoted(entry.find());
        if (entry.replace().isEmpty()) {
            return "Delete " + find + " in " + EntryKind.fileName(entry.file()) + which;
        }
        return (entry.regex() ? "Rewrite " + find + " as " : "Replace " + find + " with ")
                + EntryKind.quoted(entry.replace()) + " in "
                + EntryKind.fileName(entry.file()) + which;
    }

    /** A literal rewrite of every match; an RE2 one or one of the Nth match is not a plain substitution. */
    @Override
    public Optional<Substitution> substitution() {
        return entry.regex() || !entry.occurrence().isAll()
                ? Optional.empty()
                : Optional.of(new Substitution(entry.file(), entry.find(), entry.replace()));
    }

    /** The replacement, unless it is an RE2 one whose group references only the matches give meaning. */
    @Override
    public Optional<String> editedText() {
        return entry.regex() ? Optional.empty() : Optional.of(entry.replace());
    }
}
