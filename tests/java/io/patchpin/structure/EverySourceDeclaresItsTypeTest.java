package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every source file but a package's comment declares the type it is named after. A file that compiles to no class of its name (an empty
 * file a merge left, a type moved out) makes Maven take the module as changed on every build and compile it all
 * again.
 */
class EverySourceDeclaresItsTypeTest {
    @Test
    void everySourceFileDeclaresTheTypeItIsNamedAfter() throws IOException {
        for (Path root : List.of(Path.of("src/main/java"), Path.of("tests/java"))) {
            try (Stream<Path> files = Files.walk(root)) {
                List<String> without = files.filter(f -> f.toString().endsWith(".java"))
                        .filter(f -> !f.endsWith("package-info.java"))
                        .filter(f -> !declaresItsType(f))
                        .map(Path::toString)
                        .sorted()
                        .toList();
                assertThat(without)
                        .as("sources under " + root + " without their type")
                        .isEmpty();
            }
        }
    }

    private static boolean declaresItsType(Path file) {
        String name = file.getFileName().toString().replace(".java", "");
        try {
            return Pattern.compile("\\b(class|interface|enum|record|@interface)\\s+" + name + "\\b")
                    .matcher(Files.readString(file, StandardCharsets.UTF_8))
                    .find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
