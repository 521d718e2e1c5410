package io.patchpin.patch;

/**
 * One line of a hunk: ' ' context, '-' removed, '+' added. {@code text} keeps
 * its "\n" unless the patch marked it "\ No newline at end of file".
 */
public record HunkLine(char kind, String text) {
    public HunkLine {
        if (kind != ' ' && kind != '-' && kind != '+') {
            throw new IllegalArgumentException("hunk line kind " + kind);
        }
    }
}
