package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;

import java.util.List;

/**
 * Seals a rewrite or insert against the file as it is at the base (after the
 * earlier entries of its set): sha256 before and after, the match count, one
 * context hash per edited match ({@link Context}), and the definition digest.
 * Refuses what the author cannot have meant: an absent anchor, an occurrence
 * beyond the matches, an insert anchor on several lines, an edit already there.
 */
public final class Sealer {
    private Sealer() {
    }

    /** The sealed entry and the file after it, or the reason it cannot be sealed. */
    public record Sealing(Entry entry, byte[] after, String problem) {
        public boolean ok() {
            return problem == null;
        }

        static Sealing refused(String why) {
            return new Sealing(null, null, why);
        }
    }

    public static Sealing seal(Entry e, byte[] before) {
        if (e instanceof RewriteEntry r) {
            return rewrite(r, before);
        }
        if (e instanceof InsertEntry i) {
            return insert(i, before);
        }
        throw new IllegalArgumentException("not a text entry: " + e.kind());
    }

    static Sealing rewrite(RewriteEntry e, byte[] before) {
        Text text = Text.decode(before);
        String t = text.value();
        Rewrite rw = Rewrite.of(e, text);
        Rewrite.Outcome o = rw.apply(t);
        if (o.matches().isEmpty()) {
            return Sealing.refused("'" + e.find() + "' not found in " + e.file() + " at the base; "
                    + Nearest.line(t, rw.finder().probe()).map(l -> "nearest similar " + l.describe()).orElse("no similar line"));
        }
        if (o.chosen().isEmpty()) {
            return Sealing.refused("occurrence " + rw.occurrence() + " asked but '" + e.find() + "' has only "
                    + Gate.plural(o.matches().size(), "match") + " in " + e.file() + " at the base");
        }
        if (o.result().equals(t) || o.chosen().stream().allMatch(m -> rw.covered(t, m))) {
            return Sealing.refused("the edit is already there in " + e.file() + " at the base (applying changes nothing)");
        }
        byte[] after = text.encode(o.result());
        List<String> ctx = Context.of(t, new LineIndex(t), o.chosen());
        TextSeal seal = new TextSeal(Hashes.sha256(before), Hashes.sha256(after), o.matches().size(), ctx, e.definitionDigest());
        return new Sealing(e.withSeal(seal), after, null);
    }

    static Sealing insert(InsertEntry e, byte[] before) {
        Text text = Text.decode(before);
        String t = text.value();
        LineIndex lines = new LineIndex(t);
        Insert ins = Insert.of(e, text);
        List<Integer> anchors = ins.anchors(lines);
        if (anchors.isEmpty()) {
            return Sealing.refused("anchor '" + e.anchor() + "' not found in " + e.file() + " at the base; "
                    + Nearest.line(t, ins.finder().probe()).map(l -> "nearest similar " + l.describe()).orElse("no similar line"));
        }
        if (anchors.size() > 1) {
            return Sealing.refused("anchor '" + e.anchor() + "' matches " + anchors.size() + " lines of " + e.file()
                    + " at the base (lines " + RewriteChecker.joinLines(anchors.stream().map(a -> a + 1).toList())
                    + "); an insert needs exactly one: make it more specific");
        }
        if (ins.blockAt(lines, anchors.get(0))) {
            return Sealing.refused("the text is already " + e.position().word() + " the anchor in " + e.file() + " at the base");
        }
        byte[] after = text.encode(ins.splice(t, lines, anchors.get(0)));
        TextSeal seal = new TextSeal(Hashes.sha256(before), Hashes.sha256(after), 1,
                List.of(Context.ofLine(lines, anchors.get(0))), e.definitionDigest());
        return new Sealing(e.withSeal(seal), after, null);
    }
}
