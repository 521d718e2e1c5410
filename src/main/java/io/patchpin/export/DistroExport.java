package io.patchpin.export;

import io.patchpin.check.Check;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.RelativePath;
import io.patchpin.kind.BaseReplay;
import io.patchpin.patch.ParsedPatch;
import io.patchpin.patch.PatchParser;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.safety.OutputFolder;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes a patchset in a distro's own patch format. Every entry goes out as the diff it makes at the base after the
 * entries before it, with paths relative to the workspace root (one series for the whole source tree), or relative to
 * one component with {@code --component}; west patches are always relative to their component, which names the west
 * module.
 */
public final class DistroExport {
    private DistroExport() {}

    /**
     * @param component only this component's entries, paths relative to it
     * @param gentooUser CATEGORY/PN: write {@code /etc/portage/patches}' layout instead of an ebuild's files
     */
    public record Request(ExportFormat format, Path out, Optional<String> component, Optional<String> gentooUser) {
        public Request {
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(out, "out");
            component = component.map(c -> RelativePath.check("--component", 0, c));
            if (!format.distro()) {
                throw new IllegalArgumentException(format + " is not a distro format");
            }
        }
    }

    /**
     * What was exported, as a patch export says it (files written relative to OUT, sorted; entries left out
     * with the reason), and the entries the format refuses (then nothing is written).
     */
    public record Result(ExportPatches.Result exported, List<String> refused) implements OperationResult {
        public Result {
            Objects.requireNonNull(exported, "exported");
            refused = List.copyOf(refused);
        }

        /** 1 when the format refused an entry (nothing written), else as a patch export: 3 when an entry was left out. */
        @Override
        public ExitCode exitCode() {
            return refused.isEmpty() ? exported.exitCode() : ExitCode.BROKEN;
        }
    }

    public static Result run(Workspace ws, Path dir, Request request) {
        Patchset ps = ExportPatches.readWithBase(dir);
        request.gentooUser().ifPresent(g -> checkGentooUser(request, g));
        String baseId = ps.base().orElseThrow(); // readWithBase refused a set without one
        Snapshot base = ws.snapshot(baseId);
        request.component().ifPresent(base::requireComponent);
        LayerStack below = LayerStack.at(dir, base);
        Collected c = collect(new BaseReplay(below.files(), ps, dir), ps, request, dir, base);
        if (!c.refused().isEmpty()) {
            return new Result(new ExportPatches.Result(List.of(), c.skipped()), c.refused());
        }
        String date = ExportPatches.baseTime(ws, baseId).toLocalDate().toString();
        Tree tree = new Tree(ps.name(), baseId, date, request.component().orElse("."), c.pieces(), below.comment());
        Map<String, byte[]> files =
                request.format().layout(request.gentooUser()).files(tree);
        OutputFolder.write(
                OutputFolder.journal(ws, request.out()), request.out(), SeriesLines.keep(request.out(), files));
        return new Result(new ExportPatches.Result(new ArrayList<>(files.keySet()), c.skipped()), c.refused());
    }

    private record Collected(List<Piece> pieces, List<String> skipped, List<String> refused) {}

    /** Replays every entry in order (others' too: later diffs must see them) and keeps the wanted ones' diffs. */
    private static Collected collect(BaseReplay replay, Patchset ps, Request request, Path dir, Snapshot base) {
        Collected c = new Collected(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (Entry e : ps.entries()) {
            boolean wanted =
                    request.component().map(x -> x.equals(e.component())).orElse(true);
            Optional<String> left = ExportPatches.notForBase(e, base).or(() -> EntryDiff.objectsMissing(replay, e));
            if (left.isPresent()) {
                left.filter(x -> wanted).ifPresent(c.skipped()::add);
                continue;
            }
            EntryDiff d = EntryDiff.replay(replay, e);
            if (!wanted) {
                continue;
            }
            // a patch imported with its distro's fuzz is FUZZ at the base by design: its diff is made anew here
            Check check = d.check();
            if (request.format() == ExportFormat.RPM && check.verdict().verdict() == Verdict.FUZZ && e.fuzz() == 0) {
                c.refused()
                        .add(e.id() + ": FUZZ at the base (" + check.verdict().detail()
                                + "); rpm applies patches with zero fuzz: rebase the patchset first");
            }
            String prefix = prefix(request, e);
            ByteArrayOutputStream diff = new ByteArrayOutputStream();
            d.write(diff, prefix);
            if (diff.size() == 0) {
                c.skipped().add(e.id() + ": changes nothing at the base");
            } else {
                Piece piece =
                        new Piece(c.pieces().size() + 1, e, ExportMeta.of(e, mail(e, dir)), prefix, diff.toByteArray());
                c.pieces().add(piece);
            }
        }
        return c;
    }

    /** A patch entry's mail subject and message, when its patch is a mail. */
    private static Optional<ExportMeta.MailParts> mail(Entry e, Path dir) {
        if (e.patchFile().isEmpty()) {
            return Optional.empty();
        }
        Path file = dir.resolve(e.patchFile().get());
        ParsedPatch parsed = PatchParser.parse(file.toString(), InputFiles.read(file));
        String body = new String(parsed.body().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        return parsed.subject().isEmpty()
                ? Optional.empty()
                : Optional.of(new ExportMeta.MailParts(parsed.subject(), body));
    }

    private static void checkGentooUser(Request request, String g) {
        if (request.format() != ExportFormat.GENTOO) {
            throw new BadInputException("--gentoo-user", 0, "only goes with --format gentoo");
        }
        if (!Gentoo.validPackage(g)) {
            throw new BadInputException("--gentoo-user", 0, "'" + g + "' is not CATEGORY/PN (e.g. sys-devel/llvm)");
        }
    }

    private static String prefix(Request request, Entry e) {
        boolean componentRelative =
                request.format() == ExportFormat.WEST || request.component().isPresent();
        return componentRelative || e.component().equals(".") ? "" : e.component() + "/";
    }
}
