#include "../../tools/kept_until_exit.hpp"

#include <doctest/doctest.h>

#include <string>

namespace {

int kept_destroyed = 0;

struct CountsDestruction {
    std::string text;
    bool moved_from = false;
    explicit CountsDestruction(std::string t) : text(std::move(t)) {}
    CountsDestruction(CountsDestruction&& other) noexcept : text(std::move(other.text)) {
        other.moved_from = true;
    }
    ~CountsDestruction() {
        if (!moved_from)
            ++kept_destroyed;
    }
};

} // namespace

TEST_CASE("kept_until_exit moves each value into storage that is never destroyed") {
    const CountsDestruction* first = nullptr;
    const CountsDestruction* second = nullptr;
    {
        CountsDestruction a("a context");
        first = &odo::driver::kept_until_exit(std::move(a));
        second = &odo::driver::kept_until_exit(CountsDestruction("another"));
        CHECK(a.moved_from);
    }
    CHECK(kept_destroyed == 0);
    CHECK(first != second);
    CHECK(first->text == "a context");
    CHECK(second->text == "another");
    // Both stay reachable from the list until exit, where LeakSanitizer (CI) must not count them.
    CHECK(odo::driver::detail::kept_objects != nullptr);
}
