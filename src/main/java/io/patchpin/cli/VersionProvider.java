package io.patchpin.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.IVersionProvider;

/**
 * The version and the commit patchpin was built from, as the build wrote them into {@code version.properties} (the
 * commit is "unknown" when the sources were not a git checkout, e.g. an unpacked source archive, or git was missing).
 */
public final class VersionProvider implements IVersionProvider {
    static final String RESOURCE = "version.properties";
    private static final Pattern COMMIT = Pattern.compile("([0-9a-f]{40})(-dirty)?");

    @Override
    public String[] getVersion() {
        Properties built = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                built.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from patchpin's jar", e);
        }
        return lines(built);
    }

    /**
     * Two lines: "patchpin VERSION", then "commit HASH" as {@code git describe --dirty} gave it to the build,
     * marked when the build's work tree had uncommitted changes.
     */
    static String[] lines(Properties built) {
        String version = built.getProperty("version", "");
        Matcher commit = COMMIT.matcher(built.getProperty("commit", ""));
        String said = !commit.matches()
                ? "unknown"
                : commit.group(1) + (commit.group(2) == null ? "" : " (with uncommitted changes)");
        return new String[] {
            "patchpin " + (version.isEmpty() || version.startsWith("${") ? "unknown" : version), "commit " + said,
        };
    }
}
