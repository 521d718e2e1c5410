package io.patchpin.recipe;

import io.patchpin.patchset.Condition;
import java.nio.file.Path;

/** One thing a recipe does to the sources, at a line of the recipe. */
public sealed interface Step permits Step.PatchFile, Step.Shell, Step.Substitute, Step.Skipped {
    /** 1-based line in the recipe. */
    int line();

    /** The recipe's text there, as written (for messages). */
    String text();

    /**
     * A local patch file applied with {@code -p strip}.
     *
     * @param note what the recipe says about when it applies (Spack's {@code when=}), or ""
     * @param when the versions the recipe applies it for ({@link Condition#ALWAYS}: every one)
     */
    record PatchFile(int line, String text, Path file, int strip, String note, Condition when) implements Step {}

    /** A shell line that edits in place with sed: given to import-sed at its own line number. */
    record Shell(int line, String text) implements Step {}

    /** A literal replacement of every match in one file (nixpkgs' substituteInPlace --replace-fail). */
    record Substitute(int line, String text, String file, String find, String replace) implements Step {
        /**
         * The sed line import-sed reads for it: a basic regular expression matching the text literally,
         * every match replaced (substituteInPlace replaces them all, left to right).
         */
        String sed() {
            String f = find.replaceAll("([\\\\/.*\\[\\]^$])", "\\\\$1");
            String r = replace.replaceAll("([\\\\/&])", "\\\\$1");
            return "sed -i " + quote("s/" + f + "/" + r + "/g") + " " + quote(file);
        }

        private static String quote(String s) {
            return "'" + s.replace("'", "'\\''") + "'";
        }
    }

    /** Something the recipe does that is not imported (a remote patch, an unresolved variable), and why. */
    record Skipped(int line, String text, String reason) implements Step {}
}
