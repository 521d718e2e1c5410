package io.patchpin.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * stdout for reports: ids, paths and details come from patchsets and {@code .gitmodules}, so a control character in
 * them (an id holding {@code ESC ] 0 ;} retitles the terminal) is written as {@code \xNN}. Newlines, tabs and carriage
 * returns pass; JSON and XML escape their own.
 */
final class EscapingWriter extends Writer {
    private final Writer out;

    EscapingWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (unsafe(c)) {
                out.write(buf, start, i - start);
                out.write(
                        c < 0x100
                                ? String.format(Locale.ROOT, "\\x%02x", (int) c)
                                : String.format(Locale.ROOT, "\\x{%x}", (int) c));
                start = i + 1;
            }
        }
        out.write(buf, start, off + len - start);
    }

    private static boolean unsafe(char c) {
        if (c == '\n' || c == '\t' || c == '\r') {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL
                || type == Character.FORMAT && c != '\u200d'
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
