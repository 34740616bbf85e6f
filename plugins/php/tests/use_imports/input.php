<?php
namespace App\Http\Controllers;

use Exception;
use \InvalidArgumentException;
use App\Models\User;
use App\Models\Post as BlogPost;
use App\Services\Mailer, App\Services\Logger as Log;
use Illuminate\Support\{Collection, Str as Strings};
use App\Http\{Requests\StoreRequest, Resources\UserResource as Resource};
use function App\Helpers\money_format;
use function App\Helpers\{slugify, truncate as shorten};
use const App\Config\VERSION;
use const App\Config\{DEBUG, LOCALE as LANG};
use App\Support\{function retry, const TIMEOUT, Pipeline};

class UserController
{
    use \App\Concerns\AuthorizesRequests;

    public function store(StoreRequest $request): Resource
    {
        $user = new User($request->validated());
        Log::info(shorten(slugify($user->name), 20));
        return new Resource($user);
    }
}
