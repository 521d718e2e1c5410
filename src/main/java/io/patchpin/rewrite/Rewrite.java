package io.patchpin.rewrite;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * A rewrite entry compiled for one file's text, in three small steps: locate every match ({@link Finder}), choose
 * the edited ones (all or the Nth), splice their replacements in ({@link #apply}).
 */
public record Rewrite(Finder finder, Replacement replacement, Occurrence occurrence) {
    /** A rewrite's result may be this many times its file's length ... */
    public static final int OUTPUT_MULTIPLE = 4;
    /** ... or the file's length plus this many characters, when that is more (a small file may get a large block). */
    public static final long OUTPUT_FLOOR = 1 << 20;

    /** Compiles an entry for a file (a non-UTF-8 file gets its needles adapted byte for byte). */
    public static Rewrite of(RewriteEntry e, DecodedText text, long regexWork) {
        Finder f = Finder.of(text.adapt(e.find()), e.regex(), regexWork);
        return new Rewrite(f, Replacement.of(text.adapt(e.replace()), e.regex(), f.groupCount()), e.occurrence());
    }

    /** The text with each chosen match replaced by its expansion. */
    private String splice(String text, List<Match> chosen) {
        long length = text.length();
        for (Match m : chosen) {
            length += replacement.length(m) - (m.end() - m.start());
            checkOutput(text.length(), length);
        }
        StringBuilder b = new StringBuilder((int) length);
        int at = 0;
        for (Match m : chosen) {
            b.append(text, at, m.start()).append(replacement.expand(m));
            at = m.end();
        }
        return b.append(text, at, text.length()).toString();
    }

    /** The matches, the ones the entry edits (all, or the Nth: none when there are fewer), and the text after. */
    public Outcome apply(String text) {
        List<Match> all = finder.locate(text);
        List<Match> chosen = occurrence.isAll()
                ? all
                : all.size() >= occurrence.nth() ? List.of(all.get(occurrence.nth() - 1)) : List.of();
        return new Outcome(all, chosen, chosen.isEmpty() ? text : splice(text, chosen));
    }

    /**
     * Whether the replacement is already in place at a match: its expansion occurs in the text spanning the match (e.g.
     * "AMDGPU;X86" inside "AMDGPU;X86;NVPTX" for s/AMDGPU;X86/AMDGPU;X86;NVPTX/, or a match that would be replaced by
     * itself).
     */
    public boolean covered(String text, Match m) {
        checkOutput(text.length(), replacement.length(m));
        String r = replacement.expand(m);
        if (r.length() < m.end() - m.start()) {
            return false;
        }
        int from = Math.max(0, m.end() - r.length());
        int i = text.indexOf(r, from);
        return i >= 0 && i <= m.start() && i + r.length() >= m.end();
    }

    /** The most characters a rewrite of a text of {@code chars} characters may produce. */
    public static long outputLimit(long chars) {
        return Math.max(chars * OUTPUT_MULTIPLE, chars + OUTPUT_FLOOR);
    }

    /**
     * Refuses (exit 2) a result longer than {@link #outputLimit}: a replacement's group references
     * repeated in a shared patchset ({@code $1} 200,000 times) would otherwise fill the heap.
     */
    private static void checkOutput(long chars, long length) {
        if (length > outputLimit(chars)) {
            throw new BadInputException(
                    null,
                    0,
                    "the replacement would make a text of " + chars + " characters grow to more than "
                            + outputLimit(chars) + " (the limit is " + OUTPUT_MULTIPLE
                            + " times its length, or its length plus "
                            + OUTPUT_FLOOR + ")");
        }
    }

    /**
     * Texts that this rewrite would turn into {@code text}, found by undoing the constant replacement at each place it
     * occurs (all places for {@code all}, one at a time for the Nth) and keeping only undos whose forward replay gives
     * {@code text} back. Empty for non-constant (group-referencing) replacements, which cannot be undone from the
     * result alone.
     */
    public List<String> preimages(String text, int maxTries) {
        if (!replacement.isConstant() || finder.isRegex()) {
            return List.of();
        }
        String r = replacement.constantText();
        String f = finder.probe();
        List<Integer> spots = new ArrayList<>();
        for (int i = r.isEmpty() ? -1 : text.indexOf(r);
                i >= 0 && spots.size() <= maxTries;
                i = text.indexOf(r, i + r.length())) {
            spots.add(i);
        }
        List<String> out = new ArrayList<>();
        if (occurrence.isAll()) {
            addIfReplays(out, undo(text, spots, r, f), text);
        } else {
            for (int s : spots) {
                addIfReplays(out, undo(text, List.of(s), r, f), text);
            }
        }
        return out;
    }

    private void addIfReplays(List<String> out, String candidate, String text) {
        if (candidate != null
                && !candidate.equals(text)
                && apply(candidate).result().equals(text)) {
            out.add(candidate);
        }
    }

    private static String undo(String text, List<Integer> spots, String r, String f) {
        if (spots.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder(text.length());
        int at = 0;
        for (int s : spots) {
            b.append(text, at, s).append(f);
            at = s + r.length();
        }
        return b.append(text, at, text.length()).toString();
    }

    public record Outcome(List<Match> matches, List<Match> chosen, String result) {
        public Outcome {
            matches = List.copyOf(matches);
            chosen = List.copyOf(chosen);
        }
    }
}
