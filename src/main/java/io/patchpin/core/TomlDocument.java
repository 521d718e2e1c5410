package io.patchpin.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;

/**
 * A parsed TOML file with what is needed to report bad input by file and
 * line: Jackson parses, this class keeps the text to find the line of the
 * Nth {@code [[table]]} and checks the {@code format} version.
 */
public final class TomlDocument {
    /** Floats keep their scale, so that 2.0 stays a float where a whole number is asked for. */
    private static final ObjectMapper MAPPER =
            new TomlMapper().setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
    /** {@code [name]} or {@code [[name]]} without a dot: where the keys of the table before it end. */
    private static final Pattern TOP_LEVEL_HEADER = Pattern.compile("^[ \\t]*\\[\\[?[ \\t]*[A-Za-z0-9_-]+[ \\t]*\\]");

    private final String source;
    /** The text split into lines, once: splitting it per looked-up key made reading quadratic. */
    private final String[] lines;

    private final ObjectNode root;
    private final Map<String, List<Integer>> arrayTableLines = new HashMap<>();
    /** Where each key is, read only when a key is refused. */
    private TomlKeyLines keyLines;

    private TomlDocument(String source, String text, ObjectNode root) {
        this.source = source;
        this.lines = text.split("\n", -1);
        this.root = root;
    }

    /** Reads and parses a TOML file; any problem is bad input naming the file (and line). */
    public static TomlDocument read(Path file) {
        byte[] bytes;
        try {
            bytes = ReadLimit.heapShare().readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
        return parse(file.toString(), bytes);
    }

    /**
     * Parses TOML text. CRLF line endings (a checkout with core.autocrlf) are
     * read as LF first, so multi-line strings hold the same text either way.
     */
    public static TomlDocument parse(String source, byte[] bytes) {
        String text = Utf8.decode(source, bytes).replace("\r\n", "\n");
        try {
            JsonNode node = MAPPER.readTree(text);
            if (!(node instanceof ObjectNode obj)) {
                throw new BadInputException(source, 0, "not a TOML table");
            }
            return new TomlDocument(source, text, obj);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new BadInputException(source, line, "invalid TOML: " + e.getOriginalMessage(), e);
        }
    }

    public String source() {
        return source;
    }

    public ObjectNode root() {
        return root;
    }

    /**
     * Refuses a missing, malformed or newer {@code format}, then any key or
     * table the schema does not declare, at its line, with the nearest known
     * key: a typo is bad input, never a default silently taken.
     */
    public void require(TomlSchema.File schema) {
        requireFormat(schema.format());
        check(root, schema.root(), new ArrayList<>());
    }

    private void check(JsonNode node, TomlSchema schema, List<String> path) {
        if (schema instanceof TomlSchema.Table t) {
            checkTable(node, t, path);
        } else if (schema instanceof TomlSchema.ArrayOf a && node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                checkAt(TomlKeyLines.index(i), node.get(i), a.element(), path);
            }
        } else if (schema instanceof TomlSchema.MapOf m && node.isObject()) {
            node.fields().forEachRemaining(e -> checkAt(e.getKey(), e.getValue(), m.value(), path));
        } else if (schema instanceof TomlSchema.Variant v && node.isObject()) {
            TomlSchema.Table chosen = v.tables().get(node.path(v.key()).asText());
            if (chosen != null) {
                checkTable(node, chosen, path);
            }
        }
    }

    private void checkTable(JsonNode node, TomlSchema.Table t, List<String> path) {
        if (!node.isObject()) {
            return; // a value where a table belongs: its reader says what it must be
        }
        node.fields().forEachRemaining(e -> {
            TomlSchema child = t.keys().get(e.getKey());
            if (child == null) {
                path.add(e.getKey());
                throw unknownKey(path, List.copyOf(t.keys().keySet()));
            }
            checkAt(e.getKey(), e.getValue(), child, path);
        });
    }

    private void checkAt(String key, JsonNode node, TomlSchema schema, List<String> path) {
        path.add(key);
        check(node, schema, path);
        path.remove(path.size() - 1);
    }

    private BadInputException unknownKey(List<String> path, List<String> known) {
        if (keyLines == null) {
            keyLines = TomlKeyLines.of(lines);
        }
        String key = path.get(path.size() - 1);
        String table = path.size() == 1 ? "" : " in " + tableName(path.subList(0, path.size() - 1));
        String hint = TomlSchema.nearest(key, known)
                .map(k -> "; did you mean '" + k + "'?")
                .orElse("");
        return new BadInputException(source, keyLines.line(path), "unknown key '" + key + "'" + table + hint);
    }

    /** {@code [[entry]] 3} or {@code [entry.seal] of [[entry]] 3}, as the user wrote the table. */
    private static String tableName(List<String> path) {
        StringBuilder b = new StringBuilder();
        String element = "";
        for (String p : path) {
            if (p.startsWith("#")) {
                element = "[[" + b + "]] " + (Integer.parseInt(p.substring(1)) + 1);
                continue;
            }
            b.append(b.length() == 0 ? "" : ".").append(p.matches("[A-Za-z0-9_-]+") ? p : "\"" + p + "\"");
        }
        if (path.get(path.size() - 1).startsWith("#")) {
            return element;
        }
        return "[" + b + "]" + (element.isEmpty() ? "" : " of " + element);
    }

    public void requireFormat(int supported) {
        JsonNode f = root.get("format");
        int line = lineOfKey("format");
        if (f == null) {
            // named at line 1, where the key belongs
            throw new BadInputException(source, 1, "missing 'format = " + supported + "'");
        }
        if (!f.isIntegralNumber()) {
            throw new BadInputException(source, line, "'format' must be a number");
        }
        if (!f.canConvertToInt() || f.asInt() > supported) {
            throw new BadInputException(
                    source,
                    line,
                    "format " + f.asText() + " is newer than this patchpin understands (" + supported
                            + "); upgrade patchpin");
        }
        if (f.asInt() < 1) {
            throw new BadInputException(source, line, "unknown format " + f.asInt());
        }
    }

    /** 1-based line of the {@code index}-th (0-based) {@code [[name]]} header, or 0. */
    public int lineOfArrayTable(String name, int index) {
        // computed once per name: a patchset with 1,000 entries asks 1,000 times
        List<Integer> found = arrayTableLines.computeIfAbsent(
                name, n -> linesMatching("[ \\t]*\\[\\[\\s*" + Pattern.quote(n) + "\\s*\\]\\]"));
        return index < found.size() ? found.get(index) : 0;
    }

    /**
     * The 1-based lines that start with {@code regex}, line by line: one regular expression over the whole text
     * took half as long as the TOML parse itself on a set of 155 patches.
     */
    private List<Integer> linesMatching(String regex) {
        Pattern p = Pattern.compile(regex);
        return IntStream.range(0, lines.length)
                .filter(i -> p.matcher(lines[i]).lookingAt())
                .mapToObj(i -> i + 1)
                .toList();
    }

    /** 1-based line of the first top-level-looking {@code key =}, or 0. */
    public int lineOfKey(String key) {
        return first(linesMatching("[ \\t]*" + Pattern.quote(key) + "\\s*="));
    }

    /**
     * 1-based line of the string {@code element} in the top-level array {@code key = [...]}: the line of the
     * element when it is written there as a basic or literal string, else the key's own line, else 0. Read only
     * when a value found wrong after parsing is reported, so a plain scan of the text is enough.
     */
    public int lineOfElement(String key, String element) {
        int keyLine = lineOfKeyIn(0, key).orElse(0);
        if (keyLine == 0) {
            return 0;
        }
        List<String> quoted = List.of("\"" + element + "\"", "'" + element + "'");
        for (int i = keyLine - 1; i < lines.length; i++) {
            String line = lines[i];
            int from = i == keyLine - 1 ? line.indexOf('[') : 0;
            if (from >= 0 && quoted.stream().anyMatch(q -> line.indexOf(q, from) >= 0)) {
                return i + 1;
            }
            if (i > keyLine - 1 && TOP_LEVEL_HEADER.matcher(line).find()) {
                break;
            }
            if (from >= 0 && withoutStrings(line.substring(from)).indexOf(']') >= 0) {
                break; // the array ends on this line
            }
        }
        return keyLine;
    }

    /** A line with its quoted strings taken out, so that a ']' inside one does not end an array. */
    private static String withoutStrings(String line) {
        return line.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'", "");
    }

    /**
     * 1-based line of {@code key = ...} in the table whose header is at
     * {@code headerLine} (0 for the top level), searching through its dotted
     * sub-tables up to the next top-level header.
     */
    private OptionalInt lineOfKeyIn(int headerLine, String key) {
        Pattern k = Pattern.compile("^[ \\t]*(" + Pattern.quote(key) + "|\"" + Pattern.quote(key) + "\")[ \\t]*=");
        for (int i = Math.max(headerLine, 0); i < lines.length; i++) {
            if (TOP_LEVEL_HEADER.matcher(lines[i]).find()) {
                break;
            }
            if (k.matcher(lines[i]).find()) {
                return OptionalInt.of(i + 1);
            }
        }
        return OptionalInt.empty();
    }

    /** 1-based line of {@code [name]}, or 0. */
    public int lineOfTable(String name) {
        return first(linesMatching("[ \\t]*\\[\\s*" + Pattern.quote(name) + "\\s*\\]"));
    }

    private static int first(List<Integer> lines) {
        return lines.isEmpty() ? 0 : lines.get(0);
    }

    /** Typed fields of one table, reporting problems at {@code line}. */
    public Fields fields(JsonNode table, int line, String where) {
        return new Fields(this, line, where, table);
    }

    public record Fields(TomlDocument doc, int line, String where, JsonNode table) {
        public BadInputException error(String message) {
            return new BadInputException(doc.source, line, (where.isEmpty() ? "" : where + ": ") + message);
        }

        /** A problem with the value of {@code key}, reported at the key's own line when it can be found. */
        public BadInputException error(String key, String message) {
            return new BadInputException(doc.source, keyLine(key), (where.isEmpty() ? "" : where + ": ") + message);
        }

        private int keyLine(String key) {
            return doc.lineOfKeyIn(line, key).orElse(line);
        }

        /** A table nested in this one, reported at the same line. */
        public Fields nested(JsonNode child, String what) {
            return new Fields(doc, line, where.isEmpty() ? what : where + " " + what, child);
        }

        public String checkPath(String path) {
            return RelativePath.check(doc.source, line, path);
        }

        public boolean has(String key) {
            return table.has(key);
        }

        public JsonNode node(String key) {
            return table.get(key);
        }

        public String string(String key) {
            return required(key, JsonNode::isTextual, "a string").asText();
        }

        private JsonNode required(String key, Predicate<JsonNode> type, String what) {
            return typed(key, type, what).orElseThrow(() -> error("missing '" + key + "'"));
        }

        /** The value of {@code key}, empty when it is absent; a value of another type is refused. */
        private Optional<JsonNode> typed(String key, Predicate<JsonNode> type, String what) {
            JsonNode n = table.get(key);
            if (n != null && !type.test(n)) {
                throw error(key, "'" + key + "' must be " + what);
            }
            return Optional.ofNullable(n);
        }

        public String optionalString(String key, String fallback) {
            return optional(key).orElse(fallback);
        }

        public Optional<String> optional(String key) {
            return typed(key, JsonNode::isTextual, "a string").map(JsonNode::asText);
        }

        public boolean bool(String key, boolean fallback) {
            return typed(key, JsonNode::isBoolean, "true or false")
                    .map(JsonNode::asBoolean)
                    .orElse(fallback);
        }

        public long integer(String key) {
            JsonNode n = required(key, JsonNode::isIntegralNumber, "a whole number");
            if (!n.canConvertToLong()) {
                throw error(key, "'" + key + "' = " + n.asText() + " is out of range");
            }
            return n.asLong();
        }

        /** A whole number in {@code min..max}; anything outside is refused, never truncated. */
        public int integer(String key, int min, int max) {
            long v = integer(key);
            if (v < min || v > max) {
                throw error(key, "'" + key + "' = " + v + " is out of range (" + min + ".." + max + ")");
            }
            return (int) v;
        }

        public List<String> strings(String key) {
            List<String> out = new ArrayList<>();
            typed(key, Fields::textArray, "an array of strings").ifPresent(n -> n.forEach(i -> out.add(i.asText())));
            return out;
        }

        private static boolean textArray(JsonNode n) {
            return n.isArray() && StreamSupport.stream(n.spliterator(), false).allMatch(JsonNode::isTextual);
        }

        public String objectId(String key) {
            return hex(key, Hashes::isObjectId, "a 40-hex git object id");
        }

        public String sha256(String key) {
            return hex(key, Hashes::isSha256, "a 64-hex sha256");
        }

        private String hex(String key, Predicate<String> valid, String what) {
            String v = string(key);
            if (!valid.test(v)) {
                throw error(key, "'" + key + "' must be " + what + ", not '" + v + "'");
            }
            return v;
        }

        /** A relative path; the key's own line is looked up only to report a bad one. */
        public String path(String key) {
            String value = string(key);
            Optional<String> problem = RelativePath.problem(value);
            if (problem.isPresent()) {
                throw new BadInputException(doc.source, keyLine(key), problem.get());
            }
            return RelativePath.normalize(value);
        }
    }
}
