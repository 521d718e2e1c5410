package io.patchpin.patch;

import io.patchpin.core.AtomicFiles;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.verify.Check;
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
    /** Output layouts. */
    public enum Format {
        THEROCK, QUILT
    }

    /** The superproject's folder name in the output (it has no submodule name). */
    public static final String SUPERPROJECT_FOLDER = "TheRock";

    private ExportPatches() {
    }

    /** Writes the files and returns their paths relative to {@code out}, in order. */
    public static List<String> run(Workspace ws, Path dir, Format format, Path out) {
        Patchset ps = PatchsetStore.read(dir);
        if (!ps.baseKnown()) {
            throw new io.patchpin.core.BadInputException(PatchsetStore.tomlOf(dir).toString(), 0,
                    "the patchset has no base; export writes diffs at the base (rebase it first)");
        }
        Snapshot base = ws.snapshot(ps.base());
        BaseReplay replay = new BaseReplay(base.files(), ps, dir);
        Map<String, byte[]> files = new TreeMap<>();
        Map<String, List<String>> series = new TreeMap<>();
        List<String> order = new ArrayList<>();
        for (Entry e : ps.entries()) {
            Map<String, Optional<byte[]>> before = new TreeMap<>();
            for (String f : e.files()) {
                FileLookup l = replay.read(e.component(), f);
                before.put(f, l instanceof FileLookup.Found found ? Optional.of(found.content()) : Optional.empty());
            }
            Check c = replay.apply(e);
            String folder = base.component(e.component()).map(ExportPatches::folder).orElse(e.component());
            List<String> names = series.computeIfAbsent(folder, k -> new ArrayList<>());
            String name = String.format(Locale.ROOT, "%04d-%s.patch", names.size() + 1, slug(subject(e)));
            names.add(name);
            files.put(folder + "/" + name, mail(e, before, c.result()));
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
        files.forEach((rel, bytes) -> AtomicFiles.write(out.resolve(rel), bytes));
        return order;
    }

    private static String folder(Component c) {
        return c.isSuperproject() ? SUPERPROJECT_FOLDER : c.name();
    }

    static String subject(Entry e) {
        if (e instanceof PatchEntry p && !p.subject().isEmpty()) {
            return p.subject();
        }
        return !e.why().isEmpty() ? e.why().lines().findFirst().orElse(e.id()) : e.id();
    }

    static String slug(String s) {
        String slug = s.replaceAll("[^A-Za-z0-9._]+", "-").replaceAll("^[-.]+|-+$", "");
        slug = slug.length() > 52 ? slug.substring(0, 52).replaceAll("-+$", "") : slug;
        return slug.isEmpty() ? "patch" : slug;
    }

    /** A mail {@code git am} accepts; no date, so the bytes depend on the content only. */
    static byte[] mail(Entry e, Map<String, Optional<byte[]>> before, Map<String, Optional<byte[]>> after) {
        String author = e instanceof PatchEntry p && !p.author().isEmpty() ? p.author() : "patchpin <patchpin@localhost>";
        StringBuilder head = new StringBuilder("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
        head.append("From: ").append(author).append('\n');
        head.append("Subject: [PATCH] ").append(subject(e)).append("\n\n");
        String body = e.why().isEmpty() || e.why().equals(subject(e)) ? "" : e.why().strip() + "\n\n";
        head.append(body).append("patchpin-entry: ").append(e.id()).append("\n---\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        for (String f : e.files()) {
            DiffWriter.write(out, f, before.getOrDefault(f, Optional.empty()), after.getOrDefault(f, Optional.empty()));
        }
        out.writeBytes("-- \npatchpin\n\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
