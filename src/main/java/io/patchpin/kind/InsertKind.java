package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.rewrite.InsertChecker;
import io.patchpin.rewrite.Sealer;
import java.util.Optional;

/** An insert: lines added after (or before) the line an anchor matches. */
final class InsertKind extends TextKind {
    private final InsertEntry entry;

    InsertKind(InsertEntry entry) {
        this.entry = entry;
    }

    @Override
    public InsertEntry entry() {
        return entry;
    }

    @Override
    public Check check(EntryInput input) {
        return new InsertChecker().check(entry, input);
    }

    @Override
    public Check revert(EntryInput input) {
        return new InsertChecker().revert(entry, input);
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
        return "Insert " + EntryKind.quoted(entry.text()) + " "
                + entry.position().word() + " " + EntryKind.quoted(entry.anchor()) + " in "
                + EntryKind.fileName(entry.file());
    }

    @Override
    public Optional<String> editedText() {
        return Optional.of(entry.text());
    }
}
