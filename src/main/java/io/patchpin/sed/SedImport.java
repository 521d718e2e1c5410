package io.patchpin.sed;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.core.Utf8;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The import-sed operation: every convertible in-place sed of a script becomes a sealed rewrite on the component
 * holding its file (the longest component path that prefixes the file's path at the base), sealed in script order so
 * later lines see earlier ones. All or nothing: when any convertible line cannot be sealed, nothing is written.
 */
public final class SedImport {
    private SedImport() {}

    /** @param rev base for a new patchset when DIR has none yet */
    public record Request(Path dir, Path script, String rev) {}

    /** One line not converted or not sealed: where, why, what to do instead. */
    public record Problem(int line, String text, String reason, String suggestion) {}

    /**
     * Entries written (empty when failures), lines skipped, lines that failed to seal,
     * and entries written unsealed because their component's objects are not here.
     */
    public record Result(List<Entry> imported, List<Problem> skipped, List<Problem> failed, List<Problem> unsealed)
            implements OperationResult {
        public Result {
            imported = List.copyOf(imported);
            skipped = List.copyOf(skipped);
            failed = List.copyOf(failed);
            unsealed = List.copyOf(unsealed);
        }

        /** 2 when a line could not be sealed (bad input, nothing written), 3 when lines were skipped, else 0. */
        @Override
        public ExitCode exitCode() {
            return !failed.isEmpty() ? ExitCode.BAD_INPUT : skipped.isEmpty() ? ExitCode.OK : ExitCode.REVIEW;
        }
    }

    public static Result run(Workspace ws, Request req) {
        return run(ws, req, req.script().getFileName().toString(), read(req.script()), "");
    }

    /**
     * As above, for sed lines taken out of a recipe: {@code text} holds them at their own line numbers,
     * {@code name} names the recipe in each entry's why, and the lines run in {@code cwd} (workspace-relative:
     * the folder a recipe's build starts in).
     */
    public static Result run(Workspace ws, Request req, String name, String text, String cwd) {
        List<SedScript.Item> items = SedScript.parse(text, rootNames(ws), cwd);
        Patchset set = Authoring.readOrNew(ws, req.dir(), req.rev());
        String baseId = set.base()
                .orElseThrow(() -> new BadInputException(
                        PatchsetStore.tomlOf(req.dir()).toString(),
                        0,
                        "the patchset has no base; import-sed seals against one (use 'add rewrite', or rebase first)"));
        Snapshot base = ws.baseSnapshot(baseId);
        Authoring.BaseState overlay = Authoring.baseState(new LoadedPatchset(req.dir(), set), base);
        List<Entry> entries = new ArrayList<>();
        List<Problem> skipped = new ArrayList<>();
        List<Problem> failed = new ArrayList<>();
        List<Problem> unsealed = new ArrayList<>();
        Set<String> ids = set.entries().stream().map(Entry::id).collect(Collectors.toCollection(HashSet::new));
        for (SedScript.Item item : items) {
            if (item instanceof SedScript.Skipped s) {
                skipped.add(new Problem(s.line(), s.original(), s.reason(), known(s.suggestion(), base)));
                continue;
            }
            SedScript.Candidate c = (SedScript.Candidate) item;
            try {
                for (Authoring.Added a : convert(c, base, overlay, ids, name)) {
                    entries.add(a.entry());
                    if (!a.sealed()) {
                        unsealed.add(new Problem(c.line(), c.original(), a.note(), ""));
                    }
                }
            } catch (SedSubstitution.Unconvertible u) {
                skipped.add(new Problem(
                        c.line(),
                        c.original(),
                        u.getMessage(),
                        known(SedScript.suggestRewrite(c.files().get(0)), base)));
            } catch (BadInputException b) {
                failed.add(new Problem(c.line(), c.original(), b.getMessage(), ""));
            }
        }
        if (!failed.isEmpty()) {
            return new Result(List.of(), skipped, failed, List.of());
        }
        write(req.dir(), set, entries, ws.settings().fsync());
        return new Result(entries, skipped, failed, unsealed);
    }

    /** The folder names a script's cd may use for the workspace root: its own, and TheRock's. */
    private static Set<String> rootNames(Workspace ws) {
        Set<String> names = new HashSet<>(Set.of("TheRock"));
        ws.workTree().ifPresent(t -> names.add(t.getFileName().toString()));
        return names;
    }

    private static List<Authoring.Added> convert(
            SedScript.Candidate c, Snapshot base, Authoring.BaseState overlay, Set<String> ids, String script) {
        List<Authoring.Added> out = new ArrayList<>();
        for (String path : c.files()) {
            String component = component(base, path);
            String file = inComponent(component, path);
            int commands = c.expressions().size() + c.lineCommands().size();
            for (int k = 0; k < commands; k++) {
                FileLookup f = overlay.overlay().read(new FileKey(component, file));
                if (!(f instanceof FileLookup.Found) && !(f instanceof FileLookup.ObjectsMissing)) {
                    // e.g. PyTorch cloned inside TheRock by a script: not part of this workspace
                    throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.NOT_IN_WORKSPACE, path);
                }
                byte[] content = f instanceof FileLookup.Found found ? found.content() : null;
                String id = Authoring.uniqueId("sed-l" + c.line(), ids);
                String provenance = "imported from " + script + ":" + c.line() + ": " + c.original();
                SedSubstitution s = k < c.expressions().size() ? c.expressions().get(k) : null;
                SedLineCommand l =
                        s == null ? c.lineCommands().get(k - c.expressions().size()) : null;
                Function<String, Entry> entry = why -> s != null
                        ? SedTranslator.entry(
                                id,
                                component,
                                file,
                                s,
                                c.wholeFile(),
                                c.ere(),
                                content,
                                overlay.overlay().source().settings().regexWork(),
                                why)
                        : l.entry(id, component, file, c.ere(), why);
                // the first line says what the edit does (an export's subject), the next where it came from
                String what = EntryKind.of(entry.apply("")).describe();
                out.add(Authoring.sealOn(overlay, entry.apply(what + "\n" + provenance)));
            }
        }
        return out;
    }

    private static final Pattern SPLIT =
            Pattern.compile("--component C --file (\\S+) \\(split into component and file\\)");

    /** A suggestion with the component and file filled in, now that the workspace's components are known. */
    static String known(String suggestion, Snapshot base) {
        Matcher m = SPLIT.matcher(suggestion);
        if (!m.find()) {
            return suggestion;
        }
        String component = component(base, m.group(1));
        return suggestion.substring(0, m.start()) + "--component " + component + " --file "
                + inComponent(component, m.group(1)) + suggestion.substring(m.end());
    }

    /** The longest component path that is a prefix of {@code path}. */
    static String component(Snapshot base, String path) {
        return base.components().keySet().stream()
                .filter(c -> !c.equals(".") && path.startsWith(c + "/"))
                .max(Comparator.comparingInt(String::length))
                .orElse(".");
    }

    /** {@code path} relative to {@code component}'s folder. */
    private static String inComponent(String component, String path) {
        return component.equals(".") ? path : path.substring(component.length() + 1);
    }

    private static void write(Path dir, Patchset set, List<Entry> entries, boolean fsync) {
        AtomicFiles.createDirectories(dir);
        Patchset p = set;
        for (Entry e : entries) {
            p = p.plus(e);
        }
        PatchsetStore.write(dir, p, fsync);
    }

    private static String read(Path script) {
        try {
            return Utf8.decode(script.toString(), Files.readAllBytes(script));
        } catch (NoSuchFileException e) {
            throw new BadInputException(script.toString(), 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(script.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
    }
}
