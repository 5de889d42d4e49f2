#include "OpClean.hpp"

namespace cvcuda::priv {

template <class T>
void scaleRows(nvcv::TensorWrap<T> in, nvcv::TensorWrap<T> out, int rows, int cols)
{
    for (int y = 0; y < rows; ++y)
    {
        for (int x = 0; x < cols; ++x)
        {
            out.at(y, x) = in.at(y, x) * 2;
        }
    }
}

template <class T>
void dispatch(const nvcv::Tensor &in, const nvcv::Tensor &out)
{
    if (sizeof(T) == 1 || sizeof(T) == 4)
        scaleRows<T>(in, out, 1, 1);
}

} // namespace cvcuda::priv
