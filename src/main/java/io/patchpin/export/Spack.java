package io.patchpin.export;

import io.patchpin.core.Hashes;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spack: the patches and {@code patches.py}, the {@code patch("NNNN-id.patch", sha256="...")} lines a
 * {@code package.py} holds (Spack checks each file's sha256 and applies it with -p1 in the stage). An entry
 * imported from a package.py keeps its {@code when=} range; the why goes above as comments.
 */
final class Spack {
    static final ListedPatches LAYOUT = new ListedPatches("patches.py", Spack::line);
    private static final Pattern WHEN = Pattern.compile("spack: when=\"([^\"]+)\"");

    private Spack() {}

    private static void line(StringBuilder py, Tree t, Piece p, byte[] patch) {
        py.append('\n');
        py.append("    # ").append(Dep3.oneLine(p.meta().summary())).append('\n');
        py.append("    patch(").append(string(p.fileName())).append(", sha256=").append(string(Hashes.sha256(patch)));
        Matcher when = WHEN.matcher(p.entry().why());
        if (!p.entry().when().always()) {
            py.append(", when=").append(string(p.entry().when().text()));
        } else if (when.find()) {
            py.append(", when=").append(string(when.group(1)));
        }
        py.append(")\n");
    }

    /** A Python string literal: backslash and double quote escaped, one line. */
    private static String string(String s) {
        return "\"" + Dep3.oneLine(s).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
