package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Line starts of a text, split on '\n' (a '\r' before it stays part of the
 * line, so CRLF files round-trip). A final line without newline counts.
 */
public final class LineIndex {
    private final String text;
    private final int[] starts;

    public LineIndex(String text) {
        this.text = text;
        int n = 0;
        int[] s = new int[16];
        s[n++] = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (i + 1 < text.length()) {
                if (n == s.length) {
                    s = Arrays.copyOf(s, n * 2);
                }
                s[n++] = i + 1;
            }
        }
        this.starts = text.isEmpty() ? new int[0] : Arrays.copyOf(s, n);
    }

    public int count() {
        return starts.length;
    }

    public int lineOf(int offset) {
        int i = Arrays.binarySearch(starts, offset);
        return i >= 0 ? i : Math.max(0, -i - 2);
    }

    /** 0-based line holding the last character of {@code m} (its first, when empty). */
    int lastLineOf(Match m) {
        return lineOf(Math.max(m.start(), m.end() - 1));
    }

    public int start(int line) {
        return starts[line];
    }

    public int end(int line) {
        return line + 1 < starts.length ? starts[line + 1] : text.length();
    }

    /** The line's content without its terminator ("\n" or "\r\n"). */
    public String content(int line) {
        int e = end(line);
        if (e > start(line) && text.charAt(e - 1) == '\n') {
            e--;
            if (e > start(line) && text.charAt(e - 1) == '\r') {
                e--;
            }
        }
        return text.substring(start(line), e);
    }

    /** The line's terminator: "\n", "\r\n", or "" for a last line without newline. */
    public String terminator(int line) {
        int contentEnd = start(line) + content(line).length();
        return text.substring(contentEnd, end(line));
    }

    /** The text of lines [from, to] (0-based, inclusive, clipped), terminators included. */
    public String window(int from, int to) {
        int a = Math.max(0, from);
        int b = Math.min(count() - 1, to);
        return b < a ? "" : text.substring(start(a), end(b));
    }

    /** sha256 of {@code count} lines' contents from {@code first}, joined by '\n': how a place names lines. */
    String joinedHash(int first, int count) {
        return Hashes.sha256(
                IntStream.range(first, first + count).mapToObj(this::content).collect(Collectors.joining("\n")));
    }
}
