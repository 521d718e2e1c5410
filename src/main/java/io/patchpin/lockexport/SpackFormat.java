package io.patchpin.lockexport;

import java.util.List;

/**
 * Spack {@code version()} directives pinning each source at its locked commit, one per source, the source named in a
 * comment above ({@code git=} with its URL), for the package.py of that source.
 */
final class SpackFormat {
    private SpackFormat() {}

    static String render(List<ExportSource> sources, String header, List<String> problems) {
        StringBuilder b = new StringBuilder(header);
        for (ExportSource s : sources) {
            if (s.commit() == null) {
                problems.add(s.label() + ": no version: no commit locked");
                continue;
            }
            String version = s.ref() == null ? "locked" : "locked-" + s.ref().replaceAll("[^A-Za-z0-9._-]", "-");
            b.append("\n# ").append(s.label().replace('\n', ' ')).append('\n');
            b.append("version(").append(py(version)).append(", commit=").append(py(s.commit()));
            if (s.url() != null) {
                b.append(", git=").append(py(s.url()));
            }
            b.append(")\n");
        }
        return b.toString();
    }

    private static String py(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
