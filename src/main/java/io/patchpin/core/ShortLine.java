package io.patchpin.core;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A line of diagnostics that echoes input, kept short: a value in it (quoted, or a run without spaces) longer than
 * {@value #VALUE} characters is cut to its start and its size, {@code 'abc…' (2,097,152 bytes)}, and a line still
 * over {@value #MAX} bytes keeps its start and end around the size of what was cut. The line's opening
 * {@code patchpin: file:line: } is kept whole, so a 2 MB TOML value or ref name gives a readable line that still
 * names the file, the line and the reason.
 */
public final class ShortLine {
    /** The most UTF-8 bytes a line keeps: room for two long paths (a mirror's, a temp folder's) and the reason. */
    public static final int MAX = 639;

    static final int VALUE = 256;
    private static final int KEPT = 200;
    private static final int TAIL = 100;
    /** What names the input: "patchpin: ", then its first word when that ends in a colon ("file:12:", "--rev:"). */
    private static final Pattern WHERE = Pattern.compile("^(?:patchpin: )?(?:\\S+: )?");

    private ShortLine() {}

    /** {@code line} (without its line break) in at most {@link #MAX} bytes, each long value in it cut. */
    public static String of(String line) {
        if (line.length() <= MAX && bytes(line) <= MAX) {
            return line;
        }
        Matcher where = WHERE.matcher(line);
        int at = where.lookingAt() && where.end() <= MAX / 2 ? where.end() : 0;
        return capped(line.substring(0, at), valuesCut(line.substring(at)));
    }

    /** {@code line} with each long value cut: one pass, a quote looked up once, a run of non-spaces once. */
    private static String valuesCut(String line) {
        StringBuilder b = new StringBuilder();
        int runEnd = 0;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            int close = c == '\'' || c == '"' ? line.indexOf(c, i + 1) : -1;
            if (close > i + VALUE) {
                b.append(c).append(cut(line.substring(i + 1, close), c));
                i = close + 1;
                continue;
            }
            if (i >= runEnd && !Character.isWhitespace(c)) {
                runEnd = i;
                while (runEnd < line.length() && !Character.isWhitespace(line.charAt(runEnd))) {
                    runEnd++;
                }
                if (runEnd - i > VALUE) {
                    b.append(cut(line.substring(i, runEnd), null));
                    i = runEnd;
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        return b.toString();
    }

    /** "abc…' (2,097,152 bytes)": the start of {@code value}, its closing quote if any, and its size. */
    private static String cut(String value, Character quote) {
        return start(value, KEPT) + "…" + (quote == null ? "" : quote) + size(value);
    }

    private static String capped(String where, String text) {
        int room = MAX - bytes(where);
        if (bytes(text) <= room) {
            return where + text;
        }
        String tail = end(text, TAIL);
        String head = start(text, Math.max(0, room - TAIL - 40));
        String cut = text.substring(head.length(), text.length() - tail.length());
        return where + head + "…" + size(cut) + " …" + tail;
    }

    /** " (2,097,152 bytes)": the value's size in UTF-8. */
    private static String size(String value) {
        return String.format(Locale.ROOT, " (%,d bytes)", bytes(value));
    }

    /** The longest start of {@code s} of at most {@code max} UTF-8 bytes, never half a character. */
    private static String start(String s, int max) {
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            used += utf8(cp);
            if (used > max) {
                break;
            }
            i += Character.charCount(cp);
        }
        return s.substring(0, i);
    }

    /** The longest end of {@code s} of at most {@code max} UTF-8 bytes, never half a character. */
    private static String end(String s, int max) {
        int used = 0;
        int i = s.length();
        while (i > 0) {
            int cp = s.codePointBefore(i);
            used += utf8(cp);
            if (used > max) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return s.substring(i);
    }

    private static int utf8(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
