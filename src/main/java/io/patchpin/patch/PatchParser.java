package io.patchpin.patch;

import io.patchpin.core.RelativePath;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses unified diffs: {@code git diff}, {@code git format-patch} mails, {@code diff -u}/{@code diff -aur} with
 * timestamps, and quilt patches. Problems become diagnostics with their line; nothing in a patch is ever run.
 */
public final class PatchParser {
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");
    private static final Pattern ED = Pattern.compile("^\\d+(,\\d+)?[acd]\\d*(,\\d+)?$");

    private final List<String> lines;
    private final List<ParsedPatch.Diagnostic> diagnostics = new ArrayList<>();
    private final List<FilePatch> files = new ArrayList<>();
    private int pos;

    private PatchParser(List<String> lines) {
        this.lines = lines;
    }

    public static ParsedPatch parse(String source, byte[] bytes) {
        List<String> lines = FileLines.split(new String(bytes, StandardCharsets.ISO_8859_1));
        PatchParser p = new PatchParser(lines);
        MailHeader mail = MailHeader.isMail(lines) ? MailHeader.parse(lines) : MailHeader.NONE;
        p.pos = mail.end();
        String description = mail.equals(MailHeader.NONE) ? p.description() : mail.body();
        p.files();
        return new ParsedPatch(source, mail.author(), mail.date(), mail.subject(), description, p.files, p.diagnostics);
    }

    private String description() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lines.size() && !startsFile(i); i++) {
            String l = line(i);
            if (l.equals("---") || l.startsWith("Index: ") || l.startsWith("diff ")) {
                break;
            }
            b.append(l).append('\n');
        }
        return b.toString().strip();
    }

    /** Line {@code i} without its terminator; a CR before it (a patch saved with CRLF) is part of the terminator. */
    private String line(int i) {
        String l = MailHeader.strip(lines.get(i));
        return l.endsWith("\r") && lines.get(i).endsWith("\n") ? l.substring(0, l.length() - 1) : l;
    }

    private void error(int index, String message) {
        diagnostics.add(new ParsedPatch.Diagnostic(index + 1, message));
    }

    private boolean startsFile(int i) {
        String l = line(i);
        return l.startsWith("diff --git ")
                || (l.startsWith("--- ") && i + 1 < lines.size() && line(i + 1).startsWith("+++ "));
    }

    private void files() {
        while (pos < lines.size() && diagnostics.isEmpty()) {
            String l = line(pos);
            if (signature(l) && !files.isEmpty()) {
                return; // mail signature ("-- " then the git version)
            }
            if (startsFile(pos)) {
                readFile();
            } else if (refused(l)) {
                return;
            } else {
                pos++;
            }
        }
    }

    private boolean refused(String l) {
        if (ED.matcher(l).matches() && pos + 1 < lines.size() && !line(pos + 1).startsWith("+")) {
            error(pos, "ed-style diffs are refused (patchpin never executes a patch); use a unified diff");
        } else if (l.startsWith("*** ")
                && pos + 1 < lines.size()
                && line(pos + 1).startsWith("--- ")) {
            error(pos, "context diffs are not supported; use a unified diff (diff -u)");
        } else if (l.equals("GIT binary patch") || (l.startsWith("Binary files ") && l.endsWith(" differ"))) {
            error(pos, "binary patches are refused: patchpin seals text edits only");
        } else if (!files.isEmpty() && (l.startsWith("@@ ") || isHunkBody(l))) {
            error(pos, "garbage between hunks: '" + shorten(l) + "'");
        } else {
            return false;
        }
        return true;
    }

    /**
     * A mail signature separator after a complete hunk: "-- ", or "--" as mail clients that trim trailing spaces leave
     * it ({@code git am}, {@code git apply} and GNU patch accept both): what follows is trailer, not hunk.
     */
    private static boolean signature(String l) {
        return l.equals("-- ") || l.equals("--");
    }

    private static boolean isHunkBody(String l) {
        return (l.startsWith("+") || l.startsWith("-") || l.startsWith(" "))
                && !l.startsWith("--- ")
                && !l.equals("---");
    }

    private static String shorten(String l) {
        return l.length() > 40 ? l.substring(0, 40) + "..." : l;
    }

    private void readFile() {
        FileHeaderReader h = new FileHeaderReader(this::line, lines.size(), pos, this::error);
        pos = h.read();
        if (!diagnostics.isEmpty()) {
            return;
        }
        checkPath(h.headerLine, h.oldPath);
        checkPath(h.headerLine, h.newPath);
        List<Hunk> hunks = new ArrayList<>();
        while (diagnostics.isEmpty() && pos < lines.size() && line(pos).startsWith("@@")) {
            readHunk().ifPresent(hunks::add);
        }
        if (diagnostics.isEmpty() && h.binary) {
            error(h.headerLine, "binary patches are refused: patchpin seals text edits only");
        }
        if (diagnostics.isEmpty() && pos < lines.size() && !startsFile(pos)) {
            String l = line(pos);
            if (isHunkBody(l) && !signature(l)) {
                error(pos, "hunk counts do not match its lines: more lines than the @@ header says");
            } else if (!l.isBlank()
                    && !signature(l)
                    && !l.startsWith("diff ")
                    && !l.startsWith("Index: ")
                    && !l.startsWith("====")
                    && !l.startsWith("Only in ")) {
                error(pos, "garbage between hunks: '" + shorten(l) + "'");
            }
        }
        if (diagnostics.isEmpty() && hunks.isEmpty() && h.change() == FilePatch.Change.MODIFY && h.oldMode == null) {
            error(h.headerLine, "file header without hunks");
        }
        files.add(new FilePatch(
                Optional.ofNullable(h.oldPath),
                Optional.ofNullable(h.newPath),
                h.change(),
                h.oldMode,
                h.newMode,
                h.oldIndex,
                h.newIndex,
                hunks,
                h.headerLine + 1));
    }

    private void checkPath(int index, String path) {
        if (path == null) {
            return;
        }
        if (path.startsWith("/")) {
            error(index, "absolute path '" + path + "' is not allowed in a patch");
            return;
        }
        RelativePath.problem(path).ifPresent(p -> error(index, p));
    }

    private Optional<Hunk> readHunk() {
        int header = pos;
        Matcher m = HUNK.matcher(line(pos));
        if (!headerOk(m)) {
            return Optional.empty();
        }
        int oldCount = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        List<Hunk.Line> body = new ArrayList<>();
        int oldSeen = 0;
        int newSeen = 0;
        pos++;
        while (oldSeen < oldCount || newSeen < newCount) {
            if (pos >= lines.size()) {
                error(
                        header,
                        "truncated hunk: expected " + oldCount + " old and " + newCount
                                + " new lines, the patch ends after " + oldSeen + " and " + newSeen);
                return Optional.empty();
            }
            String raw = lines.get(pos);
            boolean blank = raw.equals("\n") || raw.equals("\r\n"); // FileLines.split never yields ""
            char k = blank ? ' ' : raw.charAt(0);
            String text = blank ? (raw.equals("\r\n") ? "\r\n" : "\n") : raw.substring(1);
            if (k == '\\') {
                noNewline(body);
                pos++;
                continue;
            }
            if (k != ' ' && k != '-' && k != '+') {
                error(
                        pos,
                        "hunk counts do not match its lines: @@ header at line " + (header + 1) + " says " + oldCount
                                + " old and " + newCount + " new lines, found " + oldSeen + " and " + newSeen);
                return Optional.empty();
            }
            if (!text.endsWith("\n")) {
                text = text + "\n"; // last line of a file without the final newline: the marker decides
            }
            body.add(new Hunk.Line(k, text));
            oldSeen += k != '+' ? 1 : 0;
            newSeen += k != '-' ? 1 : 0;
            pos++;
        }
        while (pos < lines.size() && lines.get(pos).startsWith("\\")) {
            noNewline(body);
            pos++;
        }
        if (oldSeen > oldCount || newSeen > newCount) {
            error(header, "hunk counts do not match its lines");
        }
        return Optional.of(new Hunk(
                Integer.parseInt(m.group(1)), oldCount, Integer.parseInt(m.group(3)), newCount, body, header + 1));
    }

    /** Whether the hunk header at {@code pos} matches, with numbers in range; else the error is recorded. */
    private boolean headerOk(Matcher m) {
        if (!m.matches()) {
            error(pos, "malformed hunk header '" + shorten(line(pos)) + "'");
            return false;
        }
        for (int g = 1; g <= 4; g++) {
            if (m.group(g) != null && (m.group(g).length() > 9)) {
                error(pos, "number " + shorten(m.group(g)) + " in hunk header is out of range");
                return false;
            }
        }
        return true;
    }

    private void noNewline(List<Hunk.Line> body) {
        if (body.isEmpty()) {
            error(pos, "'\\ No newline at end of file' before any line");
            return;
        }
        Hunk.Line last = body.get(body.size() - 1);
        String t = last.text();
        body.set(body.size() - 1, new Hunk.Line(last.kind(), t.endsWith("\n") ? t.substring(0, t.length() - 1) : t));
    }
}
