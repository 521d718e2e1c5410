package io.patchpin.cli;

import io.patchpin.core.ShortLine;
import java.io.IOException;
import java.io.Writer;

/**
 * stderr for diagnostics: each line is written through {@link ShortLine}, so an error that echoes a 2 MB value
 * from a patchset, a patch, a script or the command line stays one readable line. A carriage return ends a line
 * too, and a flush writes what is pending, so progress lines still show as they are drawn.
 */
final class ShortLinesWriter extends Writer {
    private final Writer out;
    private final StringBuilder line = new StringBuilder();

    ShortLinesWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (c == '\n' || c == '\r') {
                pending();
                out.write(c);
            } else {
                line.append(c);
            }
        }
    }

    private void pending() throws IOException {
        out.write(ShortLine.of(line.toString()));
        line.setLength(0);
    }

    @Override
    public void flush() throws IOException {
        pending();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
