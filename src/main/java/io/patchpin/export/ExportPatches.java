package io.patchpin.export;

import io.patchpin.patch.BaseReplay;
import io.patchpin.patch.DiffWriter;
import io.patchpin.patch.PatchParser;
import io.patchpin.patch.ImportPatches;
import io.patchpin.patch.StoredDiff;

import io.patchpin.safety.OutputFolder;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.core.Printable;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.check.Check;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a patchset as TheRock's {@code patches/<tag>/} layout
 * ({@code <submodule name>/NNNN-<subject>.patch}, mails {@code git am} takes)
 * or as quilt series (one {@code series} per submodule folder). Every entry is
 * exported as the diff it makes at the base, after the entries before it.
 */
public final class ExportPatches {
    private static final int SUBJECT_WIDTH = 72;
    /** Output layouts. */
    public enum Format {
        THEROCK, QUILT
    }

    private ExportPatches() {
    }

    /**
     * Files written (relative to {@code out}, in order) and entries left out,
     * each with the reason: rewrites and inserts on a component whose objects
     * are not here have no diff to show.
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

    /** Writes the files; patch entries on components whose objects are missing are exported as stored. */
    public static Result run(Workspace ws, Path dir, Format format, Path out) {
        Patchset ps = PatchsetStore.read(dir);
        if (!ps.baseKnown()) {
            throw new io.patchpin.core.BadInputException(PatchsetStore.tomlOf(dir).toString(), 0,
                    "the patchset has no base; export writes diffs at the base (rebase it first)");
        }
        Snapshot base = ws.baseSnapshot(ps.base());
        BaseReplay replay = new BaseReplay(base.files(), ps, dir);
        Map<String, byte[]> files = new TreeMap<>();
        Map<String, List<String>> series = new TreeMap<>();
        List<String> order = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Entry e : ps.entries()) {
            byte[] mail;
            if (objectsMissing(replay, e)) {
                if (!(e instanceof PatchEntry p)) {
                    skipped.add(e.id() + ": objects of " + e.component() + " are not here, so the "
                            + e.kind().word() + " has no diff to export");
                    continue;
                }
                mail = storedMail(p, dir);
            } else {
                Map<String, Optional<byte[]>> before = new TreeMap<>();
                for (String f : e.files()) {
                    FileLookup l = replay.read(e.component(), f);
                    before.put(f, l instanceof FileLookup.Found found ? Optional.of(found.content()) : Optional.empty());
                }
                Check c = replay.apply(e);
                mail = mail(e, before, c.result());
            }
            String folder = base.component(e.component()).map(ExportPatches::folder).orElse(e.component());
            List<String> names = series.computeIfAbsent(folder, k -> new ArrayList<>());
            String name = String.format(Locale.ROOT, "%04d-%s.patch", names.size() + 1, slug(subject(e)));
            names.add(name);
            files.put(folder + "/" + name, mail);
            order.add(folder + "/" + name);
        }
        if (format == Format.QUILT) {
            series.forEach((folder, names) -> {
                StringBuilder b = new StringBuilder();
                names.forEach(n -> b.append(n).append(" -p1\n"));
                files.put(folder + "/series", b.toString().getBytes(StandardCharsets.UTF_8));
                order.add(folder + "/series");
            });
        }
        Path root = out.toAbsolutePath().normalize();
        for (String rel : files.keySet()) {
            if (!root.resolve(rel).normalize().startsWith(root)) {
                throw new BadInputException(rel, 0, "export target escapes the output folder");
            }
        }
        OutputFolder.write(OutputFolder.journal(ws, out), out, files);
        return new Result(order, skipped);
    }

    private static boolean objectsMissing(BaseReplay replay, Entry e) {
        return e.files().stream().anyMatch(f -> replay.read(e.component(), f) instanceof FileLookup.ObjectsMissing);
    }

    /** A mail around the stored patch file, for a patch whose base objects are not here to regenerate it. */
    private static byte[] storedMail(PatchEntry p, Path dir) {
        byte[] patch;
        try {
            patch = java.nio.file.Files.readAllBytes(dir.resolve(p.patch()));
        } catch (java.io.IOException ex) {
            throw new io.patchpin.core.BadInputException(dir.resolve(p.patch()).toString(), 0, "cannot read: " + ex.getMessage(), ex);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header(p).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(StoredDiff.render(p, PatchParser.parse(dir.resolve(p.patch()).toString(), patch).requireClean()));
        out.writeBytes("-- \npatchpin\n\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /**
     * The output folder of a component: its submodule name, which comes from
     * upstream's {@code .gitmodules} and so is untrusted: a name that is not a
     * plain relative path (say {@code ../x}) is refused before anything is written.
     */
    private static String folder(Component c) {
        if (c.isSuperproject()) {
            return ImportPatches.SUPERPROJECT_FOLDER;
        }
        Optional<String> problem = RelativePath.problem(c.name());
        boolean odd = c.name().chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)
                || java.util.Arrays.stream(c.name().split("/", -1)).anyMatch(s -> s.isEmpty() || s.equals("."));
        if (problem.isPresent() || odd) {
            throw new BadInputException(RelativePath.join(c.parent(), ".gitmodules"), 0, "submodule name '"
                    + Printable.of(c.name()) + "' of " + c.path() + " is not a safe folder name for export"
                    + problem.map(p -> " (" + p + ")").orElse(""));
        }
        return c.name();
    }

    /** The patch's own subject, else the first sentence of the why cut to a subject line, else the id. */
    public static String subject(Entry e) {
        if (e instanceof PatchEntry p && !p.subject().isEmpty()) {
            return p.subject();
        }
        String first = e.why().lines().findFirst().orElse("").strip().split("(?<=[.;:])\\s", 2)[0];
        if (first.isEmpty()) {
            return e.id();
        }
        if (first.length() <= SUBJECT_WIDTH) {
            return first;
        }
        int cut = first.lastIndexOf(' ', SUBJECT_WIDTH - 3);
        return first.substring(0, cut > 20 ? cut : SUBJECT_WIDTH - 3) + "...";
    }

    public static String slug(String s) {
        String slug = s.replaceAll("[^A-Za-z0-9._]+", "-").replaceAll("\\.{2,}", ".").replaceAll("^[-.]+|[-.]+$", "");
        slug = slug.length() > 52 ? slug.substring(0, 52).replaceAll("[-.]+$", "") : slug;
        return slug.isEmpty() ? "patch" : slug;
    }

    /** Mail headers and message up to the {@code ---} line. */
    private static String header(Entry e) {
        String author = e instanceof PatchEntry p && !p.author().isEmpty() ? p.author() : "patchpin <patchpin@localhost>";
        StringBuilder head = new StringBuilder("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
        head.append("From: ").append(author).append('\n');
        head.append("Subject: [PATCH] ").append(subject(e)).append("\n\n");
        String body = e.why().isEmpty() || e.why().equals(subject(e)) ? "" : e.why().strip() + "\n\n";
        head.append(body).append("patchpin-entry: ").append(e.id()).append("\n---\n");
        return head.toString();
    }

    /** A mail {@code git am} accepts; no date, so the bytes depend on the content only. */
    static byte[] mail(Entry e, Map<String, Optional<byte[]>> before, Map<String, Optional<byte[]>> after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header(e).getBytes(StandardCharsets.UTF_8));
        for (String f : e.files()) {
            DiffWriter.write(out, f, before.getOrDefault(f, Optional.empty()), after.getOrDefault(f, Optional.empty()));
        }
        out.writeBytes("-- \npatchpin\n\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
