package io.patchpin.rewrite;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The line most similar to a missing anchor, by character-bigram overlap
 * (mostly the share of the needle's bigrams the line holds, plus some Dice coefficient): cheap enough to run over large files and good at
 * "the same line with one word changed".
 */
public final class Nearest {
    private static final double THRESHOLD = 0.45;
    private static final int SHOWN = 80;

    private Nearest() {}

    public static Optional<Line> line(String text, String needle) {
        String probe = Arrays.stream(needle.split("\n"))
                .filter(l -> !l.isBlank())
                .findFirst()
                .orElse(needle)
                .strip();
        if (probe.length() < 2) {
            return Optional.empty();
        }
        Set<Integer> want = bigrams(probe);
        LineIndex lines = new LineIndex(text);
        Line best = null;
        for (int i = 0; i < lines.count(); i++) {
            String l = lines.content(i).strip();
            if (l.length() < 2) {
                continue;
            }
            Set<Integer> have = bigrams(l);
            int common = common(want, have);
            // mostly how much of the needle the line holds (lines are often longer than anchors)
            double score = 0.7 * common / want.size() + 0.3 * (2.0 * common / (want.size() + have.size()));
            if (score >= THRESHOLD && (best == null || score > best.score())) {
                best = new Line(i + 1, lines.content(i), score);
            }
        }
        return Optional.ofNullable(best);
    }

    /** "nearest similar line N: ..." for {@code needle}, else {@code otherwise}. */
    static String hint(String text, String needle, String otherwise) {
        return line(text, needle).map(l -> "nearest similar " + l.describe()).orElse(otherwise);
    }

    /** Bigrams both hold, counted over the smaller set: a needle of many bigrams is not walked once per line. */
    private static int common(Set<Integer> a, Set<Integer> b) {
        Set<Integer> small = a.size() <= b.size() ? a : b;
        Set<Integer> large = small == a ? b : a;
        return (int) small.stream().filter(large::contains).count();
    }

    private static Set<Integer> bigrams(String s) {
        Set<Integer> out = new HashSet<>();
        for (int i = 0; i + 1 < s.length(); i++) {
            out.add(s.charAt(i) << 16 | s.charAt(i + 1));
        }
        return out;
    }

    /** A similar line: 1-based number, content, score in [0, 1]. */
    public record Line(int number, String content, double score) {
        /** "line 88: ..." with the content shortened for one-line details. */
        public String describe() {
            String c = content.strip();
            if (c.length() > SHOWN) {
                c = c.substring(0, SHOWN - 3) + "...";
            }
            return "line " + number + ": " + c;
        }
    }
}
