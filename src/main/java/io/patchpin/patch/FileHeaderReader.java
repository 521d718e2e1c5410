package io.patchpin.patch;

import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads one file's header: git's "diff --git" extended lines and/or "---"/"+++". */
final class FileHeaderReader {
    private static final Pattern TIMESTAMP =
            Pattern.compile("\\s+(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)?( [+-]\\d{4})?"
                    + "|\\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)? \\d{4}( [+-]\\d{4})?)$");

    private final IntFunction<String> line;
    private final int size;
    private final BiConsumer<Integer, String> error;
    private int pos;

    final int headerLine;
    String oldPath;
    String newPath;
    String oldMode;
    String newMode;
    String oldIndex = "";
    String newIndex = "";
    boolean added;
    boolean deleted;
    boolean renamed;
    boolean copied;
    boolean binary;

    FileHeaderReader(IntFunction<String> line, int size, int pos, BiConsumer<Integer, String> error) {
        this.line = line;
        this.size = size;
        this.pos = pos;
        this.headerLine = pos;
        this.error = error;
    }

    /** Reads the header; returns the index of the first line after it. */
    int read() {
        String first = line.apply(pos);
        if (first.startsWith("diff --git ")) {
            gitPaths(first.substring("diff --git ".length()));
            pos++;
            while (pos < size && extended(line.apply(pos))) {
                pos++;
            }
        }
        if (pos + 1 < size
                && line.apply(pos).startsWith("--- ")
                && line.apply(pos + 1).startsWith("+++ ")) {
            oldPath = headerPath(line.apply(pos).substring(4));
            newPath = headerPath(line.apply(pos + 1).substring(4));
            added |= oldPath == null;
            deleted |= newPath == null;
            pos += 2;
        }
        if (oldPath == null && newPath == null) {
            error.accept(headerLine, "file header names no path");
        }
        return pos;
    }

    private void gitPaths(String rest) {
        // "a/x b/x": both halves are the same length when the path has no rename
        int mid = rest.length() / 2;
        if (rest.length() % 2 == 1 && rest.charAt(mid) == ' ') {
            oldPath = rest.substring(0, mid);
            newPath = rest.substring(mid + 1);
        } else {
            int sp = rest.indexOf(" b/");
            oldPath = sp < 0 ? rest : rest.substring(0, sp);
            newPath = sp < 0 ? rest : rest.substring(sp + 1);
        }
    }

    private boolean extended(String l) {
        if (l.startsWith("old mode ")) {
            oldMode = l.substring(9).trim();
        } else if (l.startsWith("new mode ")) {
            newMode = l.substring(9).trim();
        } else if (l.startsWith("deleted file mode ")) {
            deleted = true;
            oldMode = l.substring(18).trim();
        } else if (l.startsWith("new file mode ")) {
            added = true;
            newMode = l.substring(14).trim();
        } else if (l.startsWith("rename from ") || l.startsWith("copy from ")) {
            oldPath = "a/" + l.substring(l.indexOf("from ") + 5);
            renamed |= l.startsWith("rename");
            copied |= l.startsWith("copy");
        } else if (l.startsWith("rename to ") || l.startsWith("copy to ")) {
            newPath = "b/" + l.substring(l.indexOf("to ") + 3);
        } else if (l.startsWith("index ")) {
            index(l.substring(6).trim());
        } else if (l.startsWith("similarity index ") || l.startsWith("dissimilarity index ")) {
            return true;
        } else if (l.equals("GIT binary patch") || (l.startsWith("Binary files ") && l.endsWith(" differ"))) {
            binary = true;
        } else {
            return false;
        }
        return true;
    }

    private void index(String v) {
        String ids = v.split(" ")[0];
        int dots = ids.indexOf("..");
        if (dots > 0) {
            oldIndex = ids.substring(0, dots);
            newIndex = ids.substring(dots + 2);
        }
        if (v.contains(" ")) {
            oldMode = oldMode == null ? v.substring(v.indexOf(' ') + 1) : oldMode;
            newMode = newMode == null ? oldMode : newMode;
        }
    }

    FilePatch.Change change() {
        if (added) {
            oldPath = null;
            return FilePatch.Change.ADD;
        }
        if (deleted) {
            newPath = null;
            return FilePatch.Change.DELETE;
        }
        return renamed ? FilePatch.Change.RENAME : copied ? FilePatch.Change.COPY : FilePatch.Change.MODIFY;
    }

    /** A "---"/"+++" path without its timestamp; null for /dev/null. */
    static String headerPath(String rest) {
        String p = rest;
        int tab = p.indexOf('\t');
        if (tab >= 0) {
            p = p.substring(0, tab);
        } else {
            Matcher m = TIMESTAMP.matcher(p);
            if (m.find()) {
                p = p.substring(0, m.start());
            }
        }
        p = p.strip();
        if (p.startsWith("\"") && p.endsWith("\"") && p.length() >= 2) {
            p = p.substring(1, p.length() - 1);
        }
        return p.equals("/dev/null") ? null : p;
    }
}
