package io.patchpin.cli;

import io.patchpin.core.BadInputException;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --format text|json} for reports that have no per-entry test cases to
 * give JUnit. {@code junit} is still parsed (so the option stays one type across
 * commands) but refused by name rather than silently printed as text.
 */
public final class TextOrJsonOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: text or json (default: text).")
    FormatOption.Format format = FormatOption.Format.TEXT;

    /** The format asked for; bad input when it is junit. */
    public FormatOption.Format format() {
        if (format == FormatOption.Format.JUNIT) {
            String command = mixee.qualifiedName().replaceFirst("^patchpin ", "");
            throw new BadInputException("--format", 0, command + " reports as text or json, not junit");
        }
        return format;
    }
}
