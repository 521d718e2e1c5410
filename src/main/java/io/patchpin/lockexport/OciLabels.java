package io.patchpin.lockexport;

import java.util.ArrayList;
import java.util.List;

/**
 * OCI image labels: {@code org.opencontainers.image.revision} and {@code .source} for the superproject,
 * {@code io.patchpin.<path>} per component and {@code io.patchpin.root.<name>} per other root. Either
 * {@code --label k=v} lines for {@code podman build $(cat labels)} (so a key or value with white space or glob
 * characters is left out and named), or one Dockerfile {@code LABEL} instruction. Needs no objects.
 */
final class OciLabels {
    private OciLabels() {}

    static String render(List<ExportSource> sources, boolean dockerfile, List<String> problems) {
        List<String[]> labels = new ArrayList<>();
        for (ExportSource s : sources) {
            if (s.commit() == null) {
                problems.add(s.label() + ": no label: no commit locked");
                continue;
            }
            if (s.isSuperproject()) {
                labels.add(new String[] {"org.opencontainers.image.revision", s.commit()});
                if (s.url() != null) {
                    labels.add(new String[] {"org.opencontainers.image.source", s.url()});
                }
            } else {
                labels.add(
                        new String[] {"io.patchpin." + (s.isComponent() ? s.path() : "root." + s.name()), s.commit()});
            }
        }
        return dockerfile ? dockerfile(labels) : flags(labels, problems);
    }

    private static String flags(List<String[]> labels, List<String> problems) {
        StringBuilder b = new StringBuilder();
        for (String[] l : labels) {
            String kv = l[0] + "=" + l[1];
            if (!kv.matches("[^\\s*?\\[\\]'\"\\\\$`]+")) {
                problems.add(l[0] + ": no label: white space, quotes or glob characters would break $(cat labels)");
                continue;
            }
            b.append("--label ").append(kv).append('\n');
        }
        return b.toString();
    }

    private static String dockerfile(List<String[]> labels) {
        StringBuilder b = new StringBuilder("LABEL");
        for (int i = 0; i < labels.size(); i++) {
            b.append((i == 0 ? " " : " \\\n      ") + quoted(labels.get(i)[0]) + "=" + quoted(labels.get(i)[1]));
        }
        return labels.isEmpty() ? "" : b.append('\n').toString();
    }

    private static String quoted(String s) {
        return "\""
                + s.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("$", "\\$")
                        .replace("\n", " ") + "\"";
    }
}
