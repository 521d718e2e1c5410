package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --format} for every command that prints a report: one option, one type. The formats each command prints
 * are its {@code .formats} line in Formats.properties, read by {@link #format()} and by the completion script
 * alike; another one is parsed, then refused by name rather than printed as text.
 */
public final class FormatOption {
    public enum Format {
        TEXT,
        JSON,
        JUNIT,
        GITHUB,
        SARIF,
        HTML,
        MARKDOWN;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** The description says the formats of the command it is on: Formats.properties, one line per command. */
    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "Report format (default: text).")
    Format format = Format.TEXT;

    /** The format asked for; bad input when the command does not print it. */
    public Format format() {
        List<Format> formats = printed(mixee);
        if (!formats.contains(format)) {
            String command = mixee.qualifiedName().replaceFirst("^patchpin ", "");
            throw new BadInputException(
                    "--format", 0, command + " reports as " + words(formats) + ", not " + format.word());
        }
        return format;
    }

    /** The formats {@code command} prints: its line {@code patchpin.VERB.formats} in Formats.properties. */
    static List<Format> printed(CommandSpec command) {
        String key = command.qualifiedName(".") + ".formats";
        return Arrays.stream(command.resourceBundle().getString(key).split(" "))
                .map(w -> Format.valueOf(w.toUpperCase(Locale.ROOT)))
                .toList();
    }

    private static String words(List<Format> formats) {
        List<String> w = formats.stream().map(Format::word).toList();
        return w.size() == 1 ? w.get(0) : String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
    }
}
