package io.patchpin.testkit;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractBooleanArrayAssert;
import org.assertj.core.api.AbstractBooleanAssert;
import org.assertj.core.api.AbstractByteArrayAssert;
import org.assertj.core.api.AbstractByteAssert;
import org.assertj.core.api.AbstractCollectionAssert;
import org.assertj.core.api.AbstractComparableAssert;
import org.assertj.core.api.AbstractDoubleAssert;
import org.assertj.core.api.AbstractDurationAssert;
import org.assertj.core.api.AbstractFileAssert;
import org.assertj.core.api.AbstractInstantAssert;
import org.assertj.core.api.AbstractIntArrayAssert;
import org.assertj.core.api.AbstractIntegerAssert;
import org.assertj.core.api.AbstractLongAssert;
import org.assertj.core.api.AbstractPathAssert;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.IterableAssert;
import org.assertj.core.api.IteratorAssert;
import org.assertj.core.api.ListAssert;
import org.assertj.core.api.MapAssert;
import org.assertj.core.api.ObjectArrayAssert;
import org.assertj.core.api.ObjectAssert;
import org.assertj.core.api.OptionalAssert;

/**
 * AssertJ's {@code assertThat} for the types the tests check, with AssertJ's own signatures, and no others. javac
 * weighs every overload of a name at each call: AssertJ's 101 cost about 2 ms of compiling per call, and the tests
 * make some 3,600 (docs/testing.md). A call picks the overload it picked among all 101: each one that calls picked
 * is here. A type not here: add AssertJ's overload for it.
 */
public final class Asserts {
    private Asserts() {}

    public static AbstractStringAssert<?> assertThat(String actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractIntegerAssert<?> assertThat(int actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractLongAssert<?> assertThat(long actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractDoubleAssert<?> assertThat(double actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractByteAssert<?> assertThat(byte actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractBooleanAssert<?> assertThat(boolean actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractBooleanArrayAssert<?> assertThat(boolean[] actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractByteArrayAssert<?> assertThat(byte[] actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractIntArrayAssert<?> assertThat(int[] actual) {
        return Assertions.assertThat(actual);
    }

    public static <T> ObjectArrayAssert<T> assertThat(T[] actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractPathAssert<?> assertThat(Path actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractFileAssert<?> assertThat(File actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractDurationAssert<?> assertThat(Duration actual) {
        return Assertions.assertThat(actual);
    }

    public static AbstractInstantAssert<?> assertThat(Instant actual) {
        return Assertions.assertThat(actual);
    }

    public static <VALUE> OptionalAssert<VALUE> assertThat(Optional<VALUE> actual) {
        return Assertions.assertThat(actual);
    }

    public static <ELEMENT> ListAssert<ELEMENT> assertThat(List<? extends ELEMENT> actual) {
        return Assertions.assertThat(actual);
    }

    public static <ELEMENT> ListAssert<ELEMENT> assertThat(Stream<? extends ELEMENT> actual) {
        return Assertions.assertThat(actual);
    }

    public static <E> AbstractCollectionAssert<?, Collection<? extends E>, E, ObjectAssert<E>> assertThat(
            Collection<? extends E> actual) {
        return Assertions.assertThat(actual);
    }

    public static <ELEMENT> IterableAssert<ELEMENT> assertThat(Iterable<? extends ELEMENT> actual) {
        return Assertions.assertThat(actual);
    }

    public static <ELEMENT> IteratorAssert<ELEMENT> assertThat(Iterator<? extends ELEMENT> actual) {
        return Assertions.assertThat(actual);
    }

    public static <K, V> MapAssert<K, V> assertThat(Map<K, V> actual) {
        return Assertions.assertThat(actual);
    }

    public static <T extends Throwable> AbstractThrowableAssert<?, T> assertThat(T actual) {
        return Assertions.assertThat(actual);
    }

    public static <T extends Comparable<? super T>> AbstractComparableAssert<?, T> assertThat(T actual) {
        return Assertions.assertThat(actual);
    }

    public static <T> ObjectAssert<T> assertThat(T actual) {
        return Assertions.assertThat(actual);
    }
}
