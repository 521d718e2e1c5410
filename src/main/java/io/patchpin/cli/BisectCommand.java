package io.patchpin.cli;

import io.patchpin.bisect.BisectResult;
import io.patchpin.bisect.Bisector;
import io.patchpin.bisect.EntryAtCommit;
import io.patchpin.bisect.Until;
import io.patchpin.core.Progress;
import io.patchpin.report.BisectText;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.Workspace;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "bisect",
        description = "The first superproject commit (first-parent, objects only) at which an entry stops being ok"
                + " (or, with --until broken, becomes broken).")
public final class BisectCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Mixin
    Options.PatchsetArg patchset;

    @Option(names = "--entry", required = true, paramLabel = "ID", description = "The entry to follow.")
    String entry;

    @Option(names = "--good", required = true, paramLabel = "REV", description = "A revision where the entry is ok.")
    String good;

    @Option(names = "--bad", required = true, paramLabel = "REV", description = "A later revision where it is not.")
    String bad;

    @Option(
            names = "--until",
            paramLabel = "WHEN",
            defaultValue = "not-ok",
            converter = UntilConverter.class,
            description = "not-ok (default: the first commit where the entry is not ok) or broken (pass review "
                    + "verdicts such as DRIFTED and list where they began).")
    Until until = Until.NOT_OK;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        LoadedPatchset set = LoadedPatchset.read(patchset.dir);
        BisectResult r;
        try (Workspace ws = workspace.open();
                Progress p = progress("bisecting " + entry)) {
            EntryAtCommit atCommit = new EntryAtCommit(ws, set, entry);
            int[] checks = {0};
            r = new Bisector(ws, commit -> {
                        p.step("bisecting " + entry + ", check " + ++checks[0]);
                        return atCommit.apply(commit);
                    })
                    .bisect(entry, good, bad, until);
        }
        print(f == FormatOption.Format.JSON ? BisectText.json(r) : BisectText.text(r));
        return r.exitCode().code();
    }

    static final class UntilConverter implements CommandLine.ITypeConverter<Until> {
        @Override
        public Until convert(String value) {
            return Arrays.stream(Until.values())
                    .filter(u -> u.word().equals(value))
                    .findFirst()
                    .orElseThrow(() ->
                            new CommandLine.TypeConversionException("expected not-ok or broken, not '" + value + "'"));
        }
    }
}
