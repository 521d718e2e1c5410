package io.patchpin.patch;

import io.patchpin.workspace.FileLookup;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * File content as lines that keep their terminators, decoded as ISO-8859-1 so every byte round-trips exactly whatever
 * the file's real encoding. A last line without "\n" is how a missing newline at end of file shows.
 */
public record FileLines(List<String> lines) {
    public FileLines {
        lines = List.copyOf(lines);
    }

    public static FileLines of(byte[] bytes) {
        return new FileLines(split(new String(bytes, StandardCharsets.ISO_8859_1)));
    }

    /** A file's lines, empty when it is not found. */
    static Optional<FileLines> of(FileLookup lookup) {
        return lookup instanceof FileLookup.Found f ? Optional.of(of(f.content())) : Optional.empty();
    }

    /** Splits after every "\n", keeping it; a trailing piece without "\n" is a line too. */
    public static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', start)) {
            out.add(s.substring(start, nl + 1));
            start = nl + 1;
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
        return out;
    }

    /** The bytes again, written straight into one array: a builder's growth would hold three copies at once. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) is exact for ISO-8859-1 text
    public byte[] bytes() {
        long total = lines.stream().mapToLong(String::length).sum();
        if (total > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("file of " + total + " bytes");
        }
        byte[] out = new byte[(int) total];
        int at = 0;
        for (String l : lines) {
            l.getBytes(0, l.length(), out, at);
            at += l.length();
        }
        return out;
    }

    public int size() {
        return lines.size();
    }
}
