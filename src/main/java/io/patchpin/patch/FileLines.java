package io.patchpin.patch;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * File content as lines that keep their terminators, decoded as ISO-8859-1 so
 * every byte round-trips exactly whatever the file's real encoding. A last
 * line without "\n" is how a missing newline at end of file shows.
 */
public record FileLines(List<String> lines) {
    public FileLines {
        lines = List.copyOf(lines);
    }

    public static FileLines of(byte[] bytes) {
        return new FileLines(split(new String(bytes, StandardCharsets.ISO_8859_1)));
    }

    /** Splits after every "\n", keeping it; a trailing piece without "\n" is a line too. */
    public static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\n') {
                out.add(s.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
        return out;
    }

    public byte[] bytes() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String l : lines) {
            b.writeBytes(l.getBytes(StandardCharsets.ISO_8859_1));
        }
        return b.toByteArray();
    }

    public int size() {
        return lines.size();
    }
}
