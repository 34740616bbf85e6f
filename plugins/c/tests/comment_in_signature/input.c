int area(int width, // in metres
         int height)
{
    return width * height;
}
