package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Place;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Seals a rewrite or insert against the file as it is at the base (after the earlier entries of its set): sha256 before
 * and after, the match count, one context hash per edited match ({@link Context}), and the definition digest. Refuses
 * what the author cannot have meant: an absent anchor, an occurrence beyond the matches, an insert anchor on several
 * lines, an edit already there.
 */
public final class Sealer {
    private Sealer() {}

    /** The sealed entry and the file after it, or the reason it cannot be sealed. */
    public sealed interface Sealing {
        /** The sealed entry; a refusal fails with its reason. */
        Sealed orElseThrow();
    }

    public record Sealed(Entry entry, byte[] after) implements Sealing {
        @Override
        public Sealed orElseThrow() {
            return this;
        }
    }

    public record Refused(String why) implements Sealing {
        @Override
        public Sealed orElseThrow() {
            throw new IllegalStateException(why);
        }
    }

    public static Sealing seal(RewriteEntry e, byte[] before, long regexWork) {
        DecodedText text = DecodedText.decode(before);
        String t = text.value();
        Rewrite rw = Rewrite.of(e, text, regexWork);
        Rewrite.Outcome o = rw.apply(t);
        if (o.matches().isEmpty()) {
            return new Refused("'" + e.find() + "' not found in " + e.file() + " at the base; "
                    + Nearest.hint(t, rw.finder().probe(), "no similar line"));
        }
        if (o.chosen().isEmpty()) {
            return new Refused("occurrence " + rw.occurrence() + " asked but '" + e.find() + "' has only "
                    + Show.plural(o.matches().size(), "match") + " in " + e.file() + " at the base");
        }
        if (o.result().equals(t) || o.chosen().stream().allMatch(m -> rw.covered(t, m))) {
            return new Refused("the edit is already there in " + e.file() + " at the base (applying changes nothing)");
        }
        LineIndex lines = new LineIndex(t);
        return sealed(
                e,
                before,
                text.encode(o.result()),
                o.matches().size(),
                Context.of(lines, o.chosen()),
                rewritePlaces(rw, o, lines));
    }

    /** The entry with its seal: sha256 before and after, match count, context hashes, definition digest, places. */
    private static Sealed sealed(
            Entry e, byte[] before, byte[] after, int matches, List<String> context, List<Place> places) {
        TextSeal seal = new TextSeal(
                Hashes.sha256(before), Hashes.sha256(after), matches, context, e.definitionDigest(), places);
        return new Sealed(e.withSeal(seal), after);
    }

    /**
     * The entry with evidence of place added to a seal written before it was recorded, when sealing it {@code again}
     * at {@code base} (done only when worth it) reproduces every checksum that seal holds; else the entry as it is.
     */
    public static Entry upgraded(Entry e, byte[] base, Supplier<Sealing> again) {
        Optional<TextSeal> sealed = e.textSeal();
        if (sealed.isEmpty()) {
            return e;
        }
        TextSeal old = sealed.get();
        if (old.hasPlaces()
                || !old.digest().equals(e.definitionDigest())
                || !old.before().equals(Hashes.sha256(base))) {
            return e;
        }
        if (!(again.get() instanceof Sealed s) || s.entry().textSeal().isEmpty()) {
            return e;
        }
        TextSeal now = s.entry().textSeal().get();
        boolean same = now.after().equals(old.after())
                && now.matches() == old.matches()
                && now.context().equals(old.context());
        return same ? s.entry() : e;
    }

    /** One place per edited match, located in the text after every chosen match was replaced. */
    static List<Place> rewritePlaces(Rewrite rw, Rewrite.Outcome o, LineIndex before) {
        LineIndex after = new LineIndex(o.result());
        List<LineSpan> spans = editedSpans(rw, o, after);
        return IntStream.range(0, spans.size())
                .mapToObj(i -> {
                    Match m = o.chosen().get(i);
                    LineSpan span = spans.get(i);
                    return Places.of(
                            before,
                            before.lineOf(m.start()),
                            before.lastLineOf(m),
                            m.text(),
                            after,
                            span.first(),
                            span.count());
                })
                .toList();
    }

    /** Per chosen match, the lines it edited in the result. */
    static List<LineSpan> editedSpans(Rewrite rw, Rewrite.Outcome o, LineIndex after) {
        List<LineSpan> out = new ArrayList<>();
        int delta = 0;
        for (Match m : o.chosen()) {
            int len = (int) rw.replacement().length(m);
            int start = m.start() + delta;
            int first = after.count() == 0 ? 0 : after.lineOf(start);
            int count;
            if (len > 0) {
                count = after.lineOf(start + len - 1) - first + 1;
            } else {
                boolean atEnd = start >= o.result().length();
                boolean lineStart = atEnd || after.start(first) == start;
                first = atEnd ? after.count() : first;
                count = lineStart ? 0 : 1;
            }
            out.add(new LineSpan(first, first + count));
            delta += len - (m.end() - m.start());
        }
        return out;
    }

    public static Sealing seal(InsertEntry e, byte[] before, long regexWork) {
        DecodedText text = DecodedText.decode(before);
        String t = text.value();
        LineIndex lines = new LineIndex(t);
        Insert ins = Insert.of(e, text, regexWork);
        List<Integer> anchors = ins.anchors(lines);
        if (anchors.isEmpty()) {
            return new Refused("anchor '" + e.anchor() + "' not found in " + e.file() + " at the base; "
                    + Nearest.hint(t, ins.finder().probe(), "no similar line"));
        }
        if (anchors.size() > 1) {
            return new Refused("anchor '" + e.anchor() + "' matches " + anchors.size() + " lines of " + e.file()
                    + " at the base (lines "
                    + Show.lineNumbers(anchors.stream().map(a -> a + 1).toList())
                    + "); an insert needs exactly one: make it more specific");
        }
        int anchor = anchors.get(0);
        if (ins.blockAt(lines, anchor)) {
            return new Refused(
                    "the text is already " + e.position().word() + " the anchor in " + e.file() + " at the base");
        }
        String result = ins.splice(t, lines, anchor);
        // the place of an insert: the inserted lines, next to the anchor line
        int first = e.position() == InsertEntry.Position.AFTER ? anchor + 1 : anchor;
        Place place = Places.of(
                lines,
                anchor,
                anchor,
                ins.matched(lines.content(anchor)),
                new LineIndex(result),
                first,
                ins.block().size());
        return sealed(e, before, text.encode(result), 1, List.of(Context.ofLine(lines, anchor)), List.of(place));
    }
}
