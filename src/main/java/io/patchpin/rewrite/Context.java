package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import java.util.List;

/**
 * The sealed context of an edit: sha256 of the lines from {@value #RADIUS} lines above the first line of a match to
 * {@value #RADIUS} lines below its last line (clipped at the file's ends), terminators included. The matched text is
 * inside the window, so a changed anchor line counts as drift too.
 */
public final class Context {
    public static final int RADIUS = 2;

    private Context() {}

    public static List<String> of(LineIndex lines, List<Match> matches) {
        return matches.stream()
                .map(m -> Hashes.sha256(lines.window(lines.lineOf(m.start()) - RADIUS, lines.lastLineOf(m) + RADIUS)))
                .toList();
    }

    /** The hash around one line (inserts). */
    public static String ofLine(LineIndex lines, int line) {
        return Hashes.sha256(lines.window(line - RADIUS, line + RADIUS));
    }

    /** 1-based line numbers of the first line of each match. */
    public static List<Integer> lineNumbers(LineIndex lines, List<Match> matches) {
        return matches.stream().map(m -> lines.lineOf(m.start()) + 1).toList();
    }
}
