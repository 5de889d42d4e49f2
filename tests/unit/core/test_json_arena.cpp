// The arena large documents are parsed into (json_arena.hpp): shared, it lives while any value
// does; owned, the values skip their own freeing and the owner frees them all at once.
#include <odo/core/json_arena.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <memory>
#include <optional>

TEST_CASE("json arena: a shared arena is counted; an owned one frees its values unvisited") {
    const boost::json::storage_ptr shared = odo::json::make_arena();
    CHECK(shared.is_shared());
    CHECK_FALSE(shared.is_not_shared_and_deallocate_is_trivial());

    auto arena = std::make_unique<odo::json::ArenaResource>();
    const boost::json::storage_ptr owned(arena.get());
    CHECK_FALSE(owned.is_shared());
    CHECK(owned.is_not_shared_and_deallocate_is_trivial());
    // A member moved out of the document still reads once the document is gone: the arena, not
    // the document, holds it.
    std::optional<boost::json::object> moved;
    {
        boost::json::value doc =
            odo::json::parse(R"({"a": {"b": [1, "two", {"c": null}]}})", "x.json", owned);
        moved.emplace(std::move(doc.get_object().at("a").get_object()));
    }
    CHECK(moved->storage().get() == arena.get());
    CHECK(moved->at("b").get_array().at(1).as_string() == "two");
}
