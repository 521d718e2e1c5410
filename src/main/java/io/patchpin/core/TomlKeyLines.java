package io.patchpin.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line of every key and table header of a TOML text, by its path from the
 * root ({@code entry}, {@code #3}, {@code seal}, {@code matches}: array
 * elements as {@code #index}). Jackson's TOML parser gives no positions, so
 * this reads the lines itself: headers, dotted keys, and enough of each value
 * (strings, multi-line strings, multi-line arrays) not to take a line inside
 * a value for a key. A key inside an inline table is placed at its table's line.
 */
final class TomlKeyLines {
    /**
     * One segment of a dotted key, with the blanks around it: a basic string, a literal string or a bare key. The
     * basic string's loop is unrolled and possessive: an alternation repeated per character overflowed the stack on a
     * 2 MB key.
     */
    private static final Pattern SEGMENT = Pattern.compile(
            "[ \\t]*(?:\"([^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+)\"|'([^']*)'|([\\p{L}\\p{Nd}_-]+))[ \\t]*", Pattern.DOTALL);

    private static final Pattern ESCAPE = Pattern.compile("\\\\(.)", Pattern.DOTALL);

    private final Map<List<String>, Integer> lines = new HashMap<>();
    private final Map<List<String>, Integer> arrays = new HashMap<>();
    /** The closing delimiter of the multi-line string being read, or null. */
    private String inString;

    private int depth;

    private TomlKeyLines() {}

    static TomlKeyLines of(String[] lines) {
        TomlKeyLines k = new TomlKeyLines();
        k.read(lines);
        return k;
    }

    /** 1-based line of {@code path}, else of its nearest recorded parent, else 0. */
    int line(List<String> path) {
        for (int n = path.size(); n > 0; n--) {
            Integer l = lines.get(path.subList(0, n));
            if (l != null) {
                return l;
            }
        }
        return 0;
    }

    static String index(int i) {
        return "#" + i;
    }

    private void read(String[] text) {
        List<String> table = List.of();
        for (int i = 0; i < text.length; i++) {
            String s = text[i];
            int at = 0;
            if (inString != null) {
                int end = s.indexOf(inString);
                if (end < 0) {
                    continue;
                }
                inString = null;
                at = end + 3;
            } else if (depth == 0) {
                String trimmed = s.strip();
                if (trimmed.startsWith("[")) {
                    table = header(trimmed, i + 1);
                    continue;
                }
                List<String> key = new ArrayList<>();
                at = key(s, key);
                if (at < 0) {
                    continue;
                }
                List<String> full = new ArrayList<>(table);
                for (String k : key) {
                    full.add(k);
                    lines.putIfAbsent(List.copyOf(full), i + 1);
                }
            }
            scanValue(s, at);
        }
    }

    /** The path of the table a header opens; an array table's element gets the next index. */
    private List<String> header(String h, int line) {
        boolean array = h.startsWith("[[");
        List<String> segments = new ArrayList<>();
        if (key(h.substring(array ? 2 : 1), segments) < 0 && segments.isEmpty()) {
            return List.of();
        }
        List<String> path = new ArrayList<>();
        for (int s = 0; s < segments.size(); s++) {
            path.add(segments.get(s));
            List<String> p = List.copyOf(path);
            lines.putIfAbsent(p, line);
            Integer count = arrays.get(p);
            if (array && s == segments.size() - 1) {
                int next = count == null ? 0 : count;
                arrays.put(p, next + 1);
                path.add(index(next));
            } else if (count != null) {
                path.add(index(count - 1));
            }
        }
        lines.putIfAbsent(List.copyOf(path), line);
        return List.copyOf(path);
    }

    /**
     * Reads a dotted key at the start of {@code s} into {@code out}; returns
     * where its value starts (after '='), or -1 when the line holds no key.
     * In a header, reading stops at ']' and returns -1 with the segments kept.
     */
    private static int key(String s, List<String> out) {
        Matcher m = SEGMENT.matcher(s);
        int i = 0;
        while (m.region(i, s.length()).lookingAt()) {
            out.add(segment(m));
            i = m.end();
            if (i >= s.length() || s.charAt(i) != '.') {
                return i < s.length() && s.charAt(i) == '=' ? i + 1 : -1;
            }
            i++;
        }
        return -1;
    }

    /** A basic string's escapes stand for the character after the backslash: enough to name the key. */
    private static String segment(Matcher m) {
        if (m.group(1) != null) {
            return ESCAPE.matcher(m.group(1)).replaceAll("$1");
        }
        return m.group(2) != null ? m.group(2) : m.group(3);
    }

    /** Follows a value from {@code i}: strings, multi-line strings left open, array brackets, comments. */
    private void scanValue(String s, int i) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '#') {
                return;
            }
            if (c == '"' || c == '\'') {
                String triple = String.valueOf(c).repeat(3);
                if (s.startsWith(triple, i)) {
                    int end = s.indexOf(triple, i + 3);
                    if (end < 0) {
                        inString = triple;
                        return;
                    }
                    i = end + 3;
                    continue;
                }
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != c) {
                    j += c == '"' && s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                continue;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            }
            i++;
        }
    }
}
