package io.patchpin.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Not a test: run by the build (pom.xml, prepare-package) to write what the release carries beside the jar, from the
 * same command model {@code --help} prints, so that neither can drift from it:
 * <ul>
 *   <li>{@code DIR/adoc/}: one AsciiDoc man page per command and subcommand (picocli's man page generator), which
 *       the build turns into troff;</li>
 *   <li>{@code DIR/completion/patchpin}: the bash completion {@code patchpin completion} prints;</li>
 *   <li>{@code DIR/completion/_patchpin}: the same script for zsh's completion folders, run through bashcompinit.</li>
 * </ul>
 * It lives among the tests because the man page generator is a build-time library, never in patchpin's jar.
 */
public final class ReleaseDocs {
    private ReleaseDocs() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ReleaseDocs OUTPUT_DIR");
        }
        Path out = Path.of(args[0]);
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        CommandLine all = Main.commandLine(quiet, quiet);
        Path adoc = Files.createDirectories(out.resolve("adoc"));
        int code = ManPageGenerator.generateManPage(adoc.toFile(), null, new boolean[0], false, all.getCommandSpec());
        if (code != 0) {
            throw new IllegalStateException("the man page generator failed with exit code " + code);
        }

        StringWriter script = new StringWriter();
        PrintWriter printed = new PrintWriter(script);
        code = Main.run(printed, new PrintWriter(Writer.nullWriter()), "completion");
        printed.flush();
        if (code != 0) {
            throw new IllegalStateException("patchpin completion failed with exit code " + code);
        }
        Path completion = Files.createDirectories(out.resolve("completion"));
        Files.writeString(completion.resolve("patchpin"), script.toString(), StandardCharsets.UTF_8);
        // zsh autoloads the file as the body of _patchpin on the first completion: the script (which enables
        // bashcompinit under zsh) registers its function for later completions, the last line completes this one
        Files.writeString(
                completion.resolve("_patchpin"),
                "#compdef patchpin\n"
                        + "# patchpin's bash completion (below), run by zsh through bashcompinit\n\n"
                        + script.toString().replaceFirst("\\A#!/usr/bin/env bash\n", "")
                        + "\n_bash_complete -F _complete_patchpin -o default\n",
                StandardCharsets.UTF_8);
    }
}
