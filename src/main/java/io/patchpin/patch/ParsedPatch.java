package io.patchpin.patch;

import io.patchpin.core.BadInputException;
import java.util.List;

/**
 * A parsed patch file: mail metadata (empty for plain diffs) and per-file changes,
 * with every problem found as a diagnostic; the caller decides what is fatal.
 *
 * @param source  name of the patch file, for messages
 * @param author  "Name <mail>" from a From: header, or ""
 * @param subject Subject: without "[PATCH n/m]", or ""
 * @param body    the commit message body of a mail, or the description before the first diff
 */
public record ParsedPatch(
        String source,
        String author,
        String date,
        String subject,
        String body,
        List<FilePatch> files,
        List<Diagnostic> diagnostics) {

    public record Diagnostic(int line, String message) {}

    public ParsedPatch {
        files = List.copyOf(files);
        diagnostics = List.copyOf(diagnostics);
    }

    /** This patch, or bad input naming the first problem's file and line. */
    public ParsedPatch requireClean() {
        if (!diagnostics.isEmpty()) {
            Diagnostic d = diagnostics.get(0);
            throw new BadInputException(source, d.line(), d.message());
        }
        if (files.isEmpty()) {
            // nothing from line 1 to the end reads as a diff: the first line is where one was expected
            throw new BadInputException(source, 1, "no diff found in patch (no '--- a/...' and '+++ b/...' header)");
        }
        return this;
    }

    public ParsedPatch reversed() {
        return new ParsedPatch(
                source,
                author,
                date,
                subject,
                body,
                files.stream().map(FilePatch::reversed).toList(),
                diagnostics);
    }
}
