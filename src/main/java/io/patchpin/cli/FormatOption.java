package io.patchpin.cli;

import picocli.CommandLine.Option;

/** {@code --format text|json|junit} for every command that prints a report. */
public final class FormatOption {
    /** Report formats. */
    public enum Format {
        TEXT, JSON, JUNIT
    }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: text, json or junit (default: text).")
    Format format = Format.TEXT;

    public Format format() {
        return format;
    }
}
