package io.patchpin.patch;

import io.patchpin.check.Evidence.HunkFailure;
import io.patchpin.check.Evidence.HunkOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Applies one file's hunks to its current lines, hunk by hunk, recording where each landed (line, offset, fuzz) or why
 * it failed. With {@code maxFuzz} > 0 a hunk that does not match exactly is retried ignoring up to that many context
 * lines at each end, as GNU patch does: never on a side tied to the file's start or end.
 */
public final class FileApplier {
    private FileApplier() {}

    /**
     * What applying one file's hunks gave: the new content (empty when a hunk did not apply, or the file is deleted)
     * and one outcome per hunk.
     */
    record Result(boolean applied, Optional<FileLines> content, List<HunkOutcome> hunks) {
        Result {
            hunks = List.copyOf(hunks);
        }

        static Result failed(List<HunkOutcome> hunks) {
            return new Result(false, Optional.empty(), hunks);
        }

        /** The file refused as a whole, for {@code reason}, as hunk {@code index} (0: no hunk in particular). */
        static Result refused(String file, int index, HunkFailure.Reason reason) {
            return failed(List.of(HunkOutcome.failed(file, index, 0, HunkFailure.of(reason))));
        }
    }

    /** {@code current} is empty when the file does not exist. */
    public static Result apply(String name, FilePatch given, Optional<FileLines> current, int maxFuzz) {
        FilePatch patch = forTarget(given, current);
        if (patch.change() == FilePatch.Change.ADD) {
            return add(name, patch, current);
        }
        if (current.isEmpty()) {
            return Result.refused(name, 0, HunkFailure.Reason.FILE_DOES_NOT_EXIST);
        }
        LineBuffer image = new LineBuffer(current.get().lines());
        List<HunkOutcome> outcomes = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < patch.hunks().size(); i++) {
            HunkOutcome o = applyHunk(name, i + 1, patch.hunks().get(i), image, maxFuzz);
            outcomes.add(o);
            ok &= !o.failed();
        }
        if (!ok) {
            return Result.failed(outcomes);
        }
        boolean deleted = patch.change() == FilePatch.Change.DELETE;
        if (deleted && !image.isEmpty()) {
            outcomes.add(HunkOutcome.failed(name, 0, 0, HunkFailure.of(HunkFailure.Reason.DELETED_FILE_KEEPS_CONTENT)));
            return Result.failed(outcomes);
        }
        return new Result(true, deleted ? Optional.empty() : Optional.of(new FileLines(image)), outcomes);
    }

    private static Result add(String name, FilePatch patch, Optional<FileLines> current) {
        if (current.isPresent()) {
            return Result.refused(name, 1, HunkFailure.Reason.FILE_ALREADY_EXISTS);
        }
        List<String> lines =
                patch.hunks().stream().flatMap(h -> h.postimage().stream()).toList();
        return new Result(
                true,
                Optional.of(new FileLines(lines)),
                List.of(new HunkOutcome(name, 1, 1, 1, 0, 0, Optional.empty())));
    }

    private static HunkOutcome applyHunk(String name, int index, Hunk h, LineBuffer image, int maxFuzz) {
        List<String> pre = h.preimage();
        List<String> post = h.postimage();
        int expected = h.newStart() > 0 ? h.newStart() - 1 : 0;
        boolean beginning = h.oldStart() <= 1;
        boolean end = h.trailingContext() == 0;
        int at = HunkLocator.find(image, pre, expected, beginning, end, 0);
        if (at >= 0) {
            image.splice(at, pre.size(), post);
            return outcome(name, index, h, at, expected, 0);
        }
        // GNU patch's rule (locate_hunk): fuzz is counted from the longer context side, so a side with less
        // context than the other (a hunk tied to the file's start or end) loses its fuzz first; a side left
        // below zero is anchored: the hunk may then only match at the file's start (old range from line 1)
        // or end, with nothing of that side ignored
        int context = Math.max(h.leadingContext(), h.trailingContext());
        for (int fuzz = 1; fuzz <= Math.min(maxFuzz, context); fuzz++) {
            int front = fuzz + h.leadingContext() - context;
            int back = fuzz + h.trailingContext() - context;
            boolean atStart = front < 0 && h.oldStart() <= 1;
            boolean atEnd = back < 0;
            front = Math.max(front, 0);
            back = Math.max(back, 0);
            if (front == 0 && back == 0) {
                continue;
            }
            List<String> fp = pre.subList(front, pre.size() - back);
            // as GNU patch, the whole hunk, ignored lines included, starts inside the file
            at = HunkLocator.find(image, fp, expected + front, atStart, atEnd, front);
            if (at >= 0) {
                image.splice(at, fp.size(), post.subList(front, post.size() - back));
                return outcome(name, index, h, at - front, expected, fuzz);
            }
        }
        return HunkOutcome.failed(
                name,
                index,
                h.oldStart(),
                new HunkFailure(
                        HunkFailure.Reason.DOES_NOT_MATCH,
                        h.oldStart(),
                        h.oldStart() + Math.max(h.oldCount() - 1, 0),
                        h.patchLine()));
    }

    private static HunkOutcome outcome(String name, int index, Hunk h, int at, int expected, int fuzz) {
        int offset = at - expected;
        int line = Math.max(h.oldStart(), 1) + offset;
        return new HunkOutcome(name, index, Math.max(h.oldStart(), 1), line, offset, fuzz, Optional.empty());
    }

    /**
     * A patch saved with CRLF line endings (a Windows editor, or a checkout with core.autocrlf) against a file with LF
     * endings: as GNU patch does, the CRs are dropped from the hunk lines when every line of the patch's hunks ends in
     * CRLF and the target has no CRLF line. A CRLF target gets the hunks as they are.
     */
    private static FilePatch forTarget(FilePatch patch, Optional<FileLines> current) {
        if (!allCrlf(patch) || current.map(FileApplier::hasCrlf).orElse(false)) {
            return patch;
        }
        return patch.withHunks(patch.hunks().stream()
                .map(h -> h.withLines(h.lines().stream()
                        .map(l -> new Hunk.Line(l.kind(), lf(l.text())))
                        .toList()))
                .toList());
    }

    private static boolean allCrlf(FilePatch patch) {
        List<String> ended = patch.hunks().stream()
                .flatMap(h -> h.lines().stream())
                .map(Hunk.Line::text)
                .filter(t -> t.endsWith("\n"))
                .toList();
        return !ended.isEmpty() && ended.stream().allMatch(t -> t.endsWith("\r\n"));
    }

    private static boolean hasCrlf(FileLines t) {
        return t.lines().stream().anyMatch(l -> l.endsWith("\r\n"));
    }

    private static String lf(String line) {
        return line.endsWith("\r\n") ? line.substring(0, line.length() - 2) + "\n" : line;
    }
}
