// SPDX-License-Identifier: Apache-2.0
#include "Operators.hpp"

#include <cvcuda/OpFlip.hpp>

namespace cvcudapy {
namespace {
Tensor FlipInto(Tensor& output, Tensor& input, int flipCode, std::optional<Stream> pstream) {
    cvcuda::Flip{}(pstream.value_or(nullptr), input, output, flipCode);
    return output;
}

Tensor Flip(Tensor& input, int flipCode, std::optional<Stream> pstream) {
    Tensor output = EmptyLike(input);
    return FlipInto(output, input, flipCode, pstream);
}

ImageBatchVarShape FlipVarShapeInto(ImageBatchVarShape& output, ImageBatchVarShape& input,
                                    int flipCode, std::optional<Stream> pstream) {
    cvcuda::Flip{}(pstream.value_or(nullptr), input, output, flipCode);
    return output;
}

ImageBatchVarShape FlipVarShape(ImageBatchVarShape& input, int flipCode,
                                std::optional<Stream> pstream) {
    ImageBatchVarShape output = EmptyLike(input);
    return FlipVarShapeInto(output, input, flipCode, pstream);
}
} // namespace

void ExportOpFlip(py::module& m) {
    using namespace py::literals;
    m.def("flip", &Flip, "src"_a, "flipCode"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("flip_into", &FlipInto, "dst"_a, "src"_a, "flipCode"_a, py::kw_only(),
          "stream"_a = nullptr);
    m.def("flip", &FlipVarShape, "src"_a, "flipCode"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("flip_into", &FlipVarShapeInto, "dst"_a, "src"_a, "flipCode"_a, py::kw_only(),
          "stream"_a = nullptr);
}
} // namespace cvcudapy
