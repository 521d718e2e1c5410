package io.patchpin.cli;

import picocli.CommandLine.Option;

/** {@code verify --format text|json|junit|github|sarif}: the report formats plus the two CI pages read. */
public final class VerifyFormatOption {
    /** verify's formats. */
    public enum Format {
        TEXT, JSON, JUNIT, GITHUB, SARIF
    }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: text, json, junit, github (workflow commands) or sarif (default: text).")
    Format format = Format.TEXT;

    public Format format() {
        return format;
    }

    /** The shared report format, or null for github and sarif. */
    FormatOption.Format plain() {
        return switch (format) {
            case TEXT -> FormatOption.Format.TEXT;
            case JSON -> FormatOption.Format.JSON;
            case JUNIT -> FormatOption.Format.JUNIT;
            case GITHUB, SARIF -> null;
        };
    }
}
