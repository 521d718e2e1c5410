package io.patchpin.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.eclipse.jgit.attributes.Attribute;
import org.eclipse.jgit.attributes.Attributes;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.lib.ObjectLoader;

/**
 * The attribute-driven conversions git applies to a regular file when it archives or checks it out. Rather than
 * re-implement them (and risk a hash that matches nothing), a file they would change is refused, with the reason; a
 * file they leave alone passes.
 */
final class Conversions {
    /** Files above this are refused instead of scanned when an attribute asks for a scan. */
    private static final int SCAN_LIMIT = 64 << 20;

    private static final Pattern LONE_LF = Pattern.compile("(^|[^\r])\n");

    private Conversions() {}

    /** Why git would change this file's bytes, or null when it would not. */
    static String check(Attributes a, ArchiveMode mode, ObjectLoader blob) throws IOException {
        if (a.isEmpty()) {
            return null;
        }
        String filter = a.getValue("filter");
        if (a.getState("filter") == Attribute.State.CUSTOM && filter != null) {
            return "filter=" + filter + " (what it gives depends on the fetcher's filter configuration)";
        }
        String encoding = a.getValue("working-tree-encoding");
        if (a.getState("working-tree-encoding") == Attribute.State.CUSTOM
                && encoding != null
                && !encoding.equalsIgnoreCase("utf-8")
                && !encoding.equalsIgnoreCase("utf8")
                && blob.getSize() > 0) {
            return "working-tree-encoding=" + encoding + " re-encodes it";
        }
        boolean subst = mode == ArchiveMode.EXPORT && a.isSet("export-subst");
        boolean ident = a.isSet("ident");
        boolean crlf = "crlf".equals(a.getValue("eol")) && !a.isUnset("text") && !a.isUnset("crlf");
        if (!subst && !ident && !crlf) {
            return null;
        }
        if (blob.getSize() > SCAN_LIMIT) {
            return "too large to check for the conversions its attributes ask for";
        }
        String text; // one char per byte: the markers looked for are ASCII
        try {
            text = new String(blob.getCachedBytes(SCAN_LIMIT), StandardCharsets.ISO_8859_1);
        } catch (LargeObjectException e) {
            return "too large to check for the conversions its attributes ask for";
        }
        if (subst && text.contains("$Format:")) {
            return "export-subst expands its $Format:...$ placeholders";
        }
        if (ident && text.contains("$Id")) {
            return "ident expands its $Id$";
        }
        if (crlf && LONE_LF.matcher(text).find()) {
            return "eol=crlf turns its LF line endings into CRLF";
        }
        return null;
    }
}
