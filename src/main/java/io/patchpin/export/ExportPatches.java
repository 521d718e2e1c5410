package io.patchpin.export;

import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.Printable;
import io.patchpin.core.RelativePath;
import io.patchpin.kind.BaseReplay;
import io.patchpin.kind.EntryKind;
import io.patchpin.patch.EncodedWords;
import io.patchpin.patch.ImportPatches;
import io.patchpin.patch.MailHeader;
import io.patchpin.patch.UpstreamTrailers;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.OutputFolder;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * Writes a patchset as TheRock's {@code patches/<tag>/} layout ({@code <submodule name>/NNNN-<subject>.patch}, mails
 * {@code git am} takes), as quilt series (one {@code series} per submodule folder), or as Electron's
 * {@code patches/<repo>/} (the mails and a {@code .patches} naming them in order). Every entry is exported as the diff
 * it makes at the base, after the entries before it.
 */
public final class ExportPatches {
    private static final int SUBJECT_WIDTH = 72;
    private static final byte[] SIGNATURE = "-- \npatchpin\n\n".getBytes(StandardCharsets.UTF_8);
    private static final Pattern IMPORTED = Pattern.compile("^imported from \\S+:\\d+: (.+)$");

    private ExportPatches() {}

    /**
     * Files written (relative to {@code out}, in order) and entries left out, each with the reason: rewrites and
     * inserts on a component whose objects are not here have no diff to show.
     */
    public record Result(List<String> written, List<String> skipped) implements OperationResult {
        public Result {
            written = List.copyOf(written);
            skipped = List.copyOf(skipped);
        }

        /** 3 when an entry was left out (to review), else 0. */
        @Override
        public ExitCode exitCode() {
            return skipped.isEmpty() ? ExitCode.OK : ExitCode.REVIEW;
        }
    }

    /**
     * Writes the files. A patch entry whose stored mail still applies as written at its place in the series goes
     * out byte for byte, under the name it was imported with; otherwise the diff is made anew under the mail's own
     * head (author, Date, message and trailers kept), so {@code git am} gives the same commits on every run.
     */
    public static Result run(Workspace ws, Path dir, ExportFormat format, Path out) {
        Patchset ps = readWithBase(dir);
        String baseId = ps.base().orElseThrow(); // readWithBase refused a set without one
        Snapshot base = ws.baseSnapshot(baseId);
        LayerStack below = LayerStack.at(dir, base);
        BaseReplay replay = new BaseReplay(below.files(), ps, dir);
        String date = DateTimeFormatter.ofPattern("EEE, d MMM yyyy HH:mm:ss Z", Locale.ROOT)
                .format(baseTime(ws, baseId));
        Map<String, List<Named>> folders = new TreeMap<>();
        List<String> skipped = new ArrayList<>();
        for (Entry e : ps.entries()) {
            Optional<String> notHere = notForBase(e, base);
            Optional<byte[]> mail = notHere.isPresent() ? Optional.empty() : mail(e, replay, dir, format, date);
            if (mail.isEmpty()) {
                skipped.add(
                        notHere.or(() -> EntryDiff.objectsMissing(replay, e)).orElseThrow());
                continue;
            }
            String folder =
                    base.component(e.component()).map(ExportPatches::folder).orElse(e.component());
            folders.computeIfAbsent(folder, k -> new ArrayList<>()).add(new Named(e, mail.get()));
        }
        Map<String, byte[]> files = new TreeMap<>();
        List<String> order = new ArrayList<>();
        folders.forEach((folder, named) -> layOut(folder, named, format, below, files, order));
        // OutputFolder refuses a path that escapes OUT before it writes anything
        OutputFolder.write(OutputFolder.journal(ws, out), out, SeriesLines.keep(out, files));
        return new Result(order, skipped);
    }

    /** The patchset in {@code dir}, which must have a base: export writes diffs at the base. */
    static Patchset readWithBase(Path dir) {
        Patchset ps = PatchsetStore.read(dir);
        if (!ps.baseKnown()) {
            throw new BadInputException(
                    PatchsetStore.tomlOf(dir).toString(),
                    0,
                    "the patchset has no base; export writes diffs at the base (rebase it first)");
        }
        return ps;
    }

    /**
     * The base commit's committer time in UTC: what an export dates its files with, so that they depend on the input
     * only ({@code git am} makes the same commit on every run instead of stamping the clock).
     */
    static ZonedDateTime baseTime(Workspace ws, String base) {
        RevCommit c = ws.commit(ObjectId.fromString(base));
        return Instant.ofEpochSecond(c.getCommitTime()).atZone(ZoneOffset.UTC);
    }

    /**
     * Why an entry is left out of an export at {@code base}: its {@code when} excludes the component's version
     * there, so it has no diff at the base (and the formats without conditions cannot say when it applies).
     */
    static Optional<String> notForBase(Entry e, Snapshot base) {
        if (e.when().always()) {
            return Optional.empty();
        }
        return base.files()
                .version(e.component())
                .filter(v -> !e.when().holds(v))
                .map(v -> e.id() + ": not for the version at the base (" + e.component() + " is " + v.describe()
                        + ", the entry is for " + e.when().text() + ")");
    }

    private record Named(Entry entry, byte[] mail) {}

    /** A folder's mails under their names, with the series (quilt) or {@code .patches} (Electron) naming them. */
    private static void layOut(
            String folder,
            List<Named> named,
            ExportFormat format,
            LayerStack below,
            Map<String, byte[]> files,
            List<String> order) {
        List<Entry> entries = named.stream().map(Named::entry).toList();
        List<String> names = format == ExportFormat.ELECTRON
                ? PatchNames.electron(entries, ExportPatches::subject)
                : PatchNames.of(entries, ExportPatches::subject);
        // quilt skips '#' lines of a series: the one place this layout can say what goes before it
        StringBuilder series =
                new StringBuilder(below.comment().map(c -> "# " + c + "\n").orElse(""));
        for (int i = 0; i < named.size(); i++) {
            files.put(folder + "/" + names.get(i), named.get(i).mail());
            order.add(folder + "/" + names.get(i));
            series.append(names.get(i)).append(" -p1\n");
        }
        if (format == ExportFormat.QUILT) {
            files.put(folder + "/series", series.toString().getBytes(StandardCharsets.UTF_8));
            order.add(folder + "/series");
        } else if (format == ExportFormat.ELECTRON) {
            files.put(folder + "/.patches", (String.join("\n", names) + "\n").getBytes(StandardCharsets.UTF_8));
            order.add(folder + "/.patches");
        }
    }

    /**
     * The entry's mail, made anew at its place in the replay (which it then advances) unless the stored patch
     * applies there as written; with its component's objects not here, the stored patch as written or in a mail
     * of its own. Empty when neither the objects nor a stored diff are here.
     */
    private static Optional<byte[]> mail(Entry e, BaseReplay replay, Path dir, ExportFormat format, String date) {
        if (EntryDiff.objectsMissing(replay, e).isPresent()) {
            return EntryKind.of(e).storedDiff(dir).map(diff -> verbatim(e, dir, format)
                    .orElseGet(() -> mail(header(e, date), diff)));
        }
        EntryDiff d = EntryDiff.replay(replay, e);
        if (asWritten(d.check().verdict().verdict())) {
            Optional<byte[]> same = verbatim(e, dir, format);
            if (same.isPresent()) {
                return same;
            }
        }
        byte[] head = e.patchFile()
                .flatMap(f -> MailHeader.head(InputFiles.read(dir.resolve(f))))
                .orElseGet(() -> header(e, date));
        ByteArrayOutputStream diff = new ByteArrayOutputStream();
        d.write(diff, "");
        return Optional.of(mail(head, diff.toByteArray()));
    }

    private static byte[] mail(byte[] head, byte[] diff) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head);
        out.writeBytes(diff);
        out.writeBytes(SIGNATURE);
        return out.toByteArray();
    }

    /** Verdicts at which {@code git am} (and quilt, with -p1) applies the stored patch as written, with no fuzz. */
    private static boolean asWritten(Verdict v) {
        return v == Verdict.EXACT || v == Verdict.APPLIES || v == Verdict.OFFSET;
    }

    /**
     * The stored patch file itself, when it can go out as written: its paths are the component's with git's
     * a/ b/ prefixes, and for TheRock's layout it is a mail ({@code git am} takes nothing else).
     */
    private static Optional<byte[]> verbatim(Entry e, Path dir, ExportFormat format) {
        return EntryKind.of(e)
                .storedPatch(dir)
                .filter(bytes -> format == ExportFormat.QUILT || MailHeader.isMail(bytes));
    }

    /**
     * The output folder of a component: its submodule name, which comes from upstream's {@code .gitmodules} and so is
     * untrusted: a name that is not a plain relative path (say {@code ../x}) is refused before anything is written.
     */
    private static String folder(Component c) {
        if (c.isSuperproject()) {
            return ImportPatches.SUPERPROJECT_FOLDER;
        }
        Optional<String> problem = RelativePath.problem(c.name());
        boolean odd = c.name().chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)
                || Arrays.stream(c.name().split("/", -1)).anyMatch(s -> s.isEmpty() || s.equals("."));
        if (problem.isPresent() || odd) {
            throw new BadInputException(
                    RelativePath.join(c.parent().orElseThrow(), ".gitmodules"),
                    0,
                    "submodule name '"
                            + Printable.of(c.name()) + "' of " + c.path() + " is not a safe folder name for export"
                            + problem.map(p -> " (" + p + ")").orElse(""));
        }
        return c.name();
    }

    /** The patch's own subject, else the first sentence of the why cut to a subject line, else the id. */
    public static String subject(Entry e) {
        if (!e.subject().isEmpty()) {
            return e.subject();
        }
        String line = e.why().lines().findFirst().orElse("").strip();
        Matcher imported = IMPORTED.matcher(line);
        String first = imported.matches() ? imported.group(1) : line.split("(?<=[.;:])\\s", 2)[0];
        if (first.isEmpty()) {
            return e.id();
        }
        if (first.length() <= SUBJECT_WIDTH) {
            return first;
        }
        int cut = first.lastIndexOf(' ', SUBJECT_WIDTH - 3);
        return first.substring(0, cut > 20 ? cut : SUBJECT_WIDTH - 3) + "...";
    }

    /** Mail headers and message up to the {@code ---} line. */
    private static byte[] header(Entry e, String date) {
        String author = !e.author().isEmpty() ? EncodedWords.decode(e.author()) : "patchpin <patchpin@localhost>";
        String subject = subject(e);
        String why = e.why().strip();
        String firstLine = why.lines().findFirst().orElse("");
        // a why whose first line is the subject goes on below it (an import-sed entry: where it came from)
        String rest =
                firstLine.equals(subject) ? why.substring(firstLine.length()).strip() : why;
        String body = rest.isEmpty() || rest.equals(subject) ? "" : rest + "\n\n";
        String trailers =
                UpstreamTrailers.lines(e.upstream()).stream().map(l -> l + "\n").collect(Collectors.joining());
        return ("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n" + "From: " + author + "\n"
                        + "Date: " + date + "\n" + "Subject: [PATCH] " + subject + "\n\n" + body + trailers
                        + "patchpin-entry: " + e.id() + "\n---\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
